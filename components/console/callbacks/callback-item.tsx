'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi } from '../console-context';
import { messageOf, when } from '../developers/format';
import { SECONDARY } from '../developers/styles';
import { CALLBACKS_QUERY, lastAnswer, statusLabel, type Callback } from './callback-types';
import { SignedRequest } from './signed-request';

const TONE = {
  ok: 'bg-emerald-100 text-emerald-900',
  bad: 'bg-red-100 text-red-900',
  wait: 'bg-amber-100 text-amber-900',
} as const;

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm break-all">{children}</dd>
  </div>
);

/** One delivery: status, attempts, the last answer and when; its attempts and signed request; Replay for admins. */
export function CallbackItem({ callback: c }: { callback: Callback }) {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const queries = useQueryClient();
  const status = statusLabel(c);
  const name = `${c.event}${c.error ? ` (error: ${c.error})` : ''}`;
  const replay = useMutation({
    mutationFn: () => api.post<Callback>(`/v1/admin/callbacks/${encodeURIComponent(c.id)}/retry`),
    onSuccess: () => queries.invalidateQueries({ queryKey: CALLBACKS_QUERY }),
  });
  const lastTried = c.attempts.at(-1)?.started_at;
  return (
    <li aria-label={`Callback ${name} of ${c.transaction_id ?? c.session_id}`} className="grid gap-3 px-4 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{name}</span>
          <span
            data-testid="callback-status"
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[status.tone]}`}
          >
            {status.text}
          </span>
        </p>
        {canWrite ? (
          <button type="button" onClick={() => replay.mutate()} disabled={replay.isPending} className={SECONDARY}>
            {replay.isPending ? 'Replaying…' : 'Replay'}
            <span className="sr-only"> callback {name}</span>
          </button>
        ) : null}
      </div>
      {replay.isSuccess ? <Alert tone="success">Replay asked for: Kassa sends it again now.</Alert> : null}
      {replay.error ? <Alert tone="error">{messageOf(replay.error)}</Alert> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Attempts">
          <span data-testid="callback-attempts">{c.attempt_count}</span>
        </Fact>
        <Fact label="Last answer">
          <span data-testid="callback-last-answer">{lastAnswer(c)}</span>
        </Fact>
        <Fact label="Last attempt">{lastTried ? when(lastTried, true) : 'not yet'}</Fact>
        <Fact label={c.status === 'PENDING' ? 'Next attempt' : 'Created'}>
          {c.status === 'PENDING' && c.next_attempt_at ? when(c.next_attempt_at, true) : when(c.created_at, true)}
        </Fact>
        <Fact label="Transaction">
          <span className="font-mono text-xs">{c.transaction_id ?? 'none'}</span>
        </Fact>
        <Fact label="Session">
          <span className="font-mono text-xs">{c.session_id}</span>
        </Fact>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-600">URL ({c.method})</dt>
          <dd className="font-mono text-xs break-all">{c.url}</dd>
        </div>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-indigo-800">Attempts ({c.attempts.length})</summary>
        <ol aria-label="Attempts" className="mt-2 grid gap-1">
          {c.attempts.map((a) => (
            <li key={a.attempt} className="flex flex-wrap gap-x-3 rounded bg-slate-50 px-2 py-1 text-xs">
              <span className="font-semibold">#{a.attempt}</span>
              <span>{when(a.started_at, true)}</span>
              <span>{a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no answer')}</span>
              <span>{a.latency_ms} ms</span>
              <span className="font-mono break-all text-slate-700">event-delivery {a.event_delivery}</span>
            </li>
          ))}
        </ol>
      </details>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-indigo-800">The signed request (last attempt)</summary>
        <div className="mt-2">
          {c.last_request ? (
            <SignedRequest request={c.last_request} label={`callback ${name}`} />
          ) : (
            <p className="text-slate-600">Nothing was sent yet.</p>
          )}
        </div>
      </details>
    </li>
  );
}
