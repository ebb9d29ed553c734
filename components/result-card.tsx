import type { ReactNode } from 'react';
import { Panel } from './ui/panel';
import { StatusIcon } from './ui/status-icon';

interface Props {
  ok: boolean;
  title: string;
  message: string;
  details: [label: string, value: string | undefined][];
  children?: ReactNode;
}

/** A payment result: icon, heading, explanation and the references the customer may need. */
export const ResultCard = ({ ok, title, message, details, children }: Props) => (
  <Panel className="text-center">
    <div role="status">
      <StatusIcon ok={ok} />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
    </div>
    {details.some(([, v]) => v) ? (
      <dl className="mx-auto mt-5 max-w-sm divide-y divide-slate-100 rounded-xl border border-slate-200 text-left text-sm">
        {details.map(([label, value]) =>
          value ? (
            <div key={label} className="flex justify-between gap-4 px-4 py-2">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-all font-mono text-slate-800">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    ) : null}
    {children}
  </Panel>
);
