'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { ConsoleApiError } from '../console-api';
import { useCanWrite, useConsoleApi } from '../console-context';
import { ConfirmAction } from './confirm-action';
import { messageOf, when } from './format';
import { PANEL, SECONDARY } from './styles';

interface Signature {
  id: string;
  created_at: string;
  created_by: string;
  signature: { type: 'v0-hmac-sha256'; secret: string };
}
const PATH = '/v1/admin/signature';
const QUERY = ['console', 'signature'] as const;

/** The secret itself, hidden until asked for (someone may be looking at the screen). */
function SecretValue({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState('');
  return (
    <div className="grid gap-2">
      <code
        data-testid="signing-secret"
        className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all"
      >
        {shown ? secret : '•'.repeat(24)}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" aria-pressed={shown} onClick={() => setShown(!shown)} className={SECONDARY}>
          {shown ? 'Hide' : 'Show'} secret
        </button>
        <button
          type="button"
          className={SECONDARY}
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied('Copied.'),
              () => setCopied('Copying failed: show it and copy the text.'),
            )
          }
        >
          Copy secret
        </button>
        <span role="status" className="text-sm text-slate-700">
          {copied}
        </span>
      </div>
    </div>
  );
}

/** /console/developers/signature: the secret Kassa signs callbacks with (Kassa-Signature); admins rotate it. */
export function SignatureSection() {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const queries = useQueryClient();
  const current = useQuery({
    queryKey: QUERY,
    queryFn: async () => {
      try {
        return (await api.get<Signature>(PATH)).data;
      } catch (e) {
        if (e instanceof ConsoleApiError && e.status === 404) return null; // none yet
        throw e;
      }
    },
  });
  const rotate = async () => {
    await api.post(PATH);
    await queries.invalidateQueries({ queryKey: QUERY });
  };
  return (
    <section aria-labelledby="signature-title" className={`${PANEL} grid gap-3`}>
      <h2 id="signature-title" className="text-xl font-semibold">
        Signing secret
      </h2>
      <p className="text-slate-600">
        Every callback carries <code>Kassa-Signature: t=…,v0-hmac-sha256=…</code>, an HMAC-SHA256 with this secret;
        check it before you trust a callback (API docs: verify a signature).
      </p>
      {current.error ? (
        <Alert tone="error">{messageOf(current.error)}</Alert>
      ) : current.data === undefined ? (
        <p role="status">Loading the signing secret…</p>
      ) : current.data === null ? (
        <p className="text-slate-700">No signing secret yet: callbacks are sent unsigned.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Made {when(current.data.created_at)} by <span className="break-all">{current.data.created_by}</span>
          </p>
          <SecretValue secret={current.data.signature.secret} />
        </>
      )}
      {canWrite && current.data !== undefined ? (
        <div>
          <ConfirmAction
            label={current.data ? 'Rotate secret' : 'Create a secret'}
            target="for signing callbacks"
            title={current.data ? 'Rotate the signing secret?' : 'Create a signing secret?'}
            confirmLabel={current.data ? 'Rotate secret' : 'Create secret'}
            danger={Boolean(current.data)}
            run={rotate}
          >
            {current.data
              ? 'Every later callback is signed with the new secret: callbacks signed with the old one fail your check once you switch.'
              : 'Every later callback is signed with it.'}
          </ConfirmAction>
        </div>
      ) : null}
    </section>
  );
}
