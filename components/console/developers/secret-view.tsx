'use client';
import { useEffect, useRef, useState } from 'react';
import { SECONDARY } from './styles';

/** A secret shown once: the value, a Copy button, and the plain warning that it is shown only now. */
export function SecretView({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copyButton = useRef<HTMLButtonElement>(null);
  // shown in a dialog that is already open (after a confirmation): the focus goes to Copy
  useEffect(() => copyButton.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="grid gap-2">
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>Shown only now.</strong> Copy it and keep it safe: Kassa keeps only a hash and cannot show it again.
      </p>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <code
        data-testid="secret-value"
        className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all select-all"
      >
        {value}
      </code>
      <div className="flex flex-wrap items-center gap-3">
        <button ref={copyButton} type="button" onClick={copy} className={SECONDARY} data-autofocus>
          Copy<span className="sr-only"> {label}</span>
        </button>
        <span role="status" className="text-sm text-slate-700">
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copying failed: select the text and copy it.' : ''}
        </span>
      </div>
    </div>
  );
}
