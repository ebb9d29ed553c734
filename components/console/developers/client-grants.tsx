'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScopeName } from '../../../domain/scope-names';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi, useViewer } from '../console-context';
import { audienceOf, grantsPath, grantsQuery, type ClientView, type GrantView } from './client-api';
import { ConfirmAction } from './confirm-action';
import { messageOf } from './format';
import { ScopePicker } from './scope-picker';
import { PRIMARY, SECONDARY } from './styles';

/** Who made the clients Kassa makes at start-up (KASSA_BOOTSTRAP_*, the demo merchant): they need no grant. */
const STARTUP_CREATOR = 'kassa';

/** An admin gives a client without a grant its scopes (one grant per audience: delete it to change it). */
function AddGrant({ client, done }: { client: ClientView; done: () => void }) {
  const api = useConsoleApi();
  const { accountId } = useViewer();
  const [scope, setScope] = useState<ScopeName[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: () =>
      api.post(grantsPath(accountId), {
        client_id: client.id,
        audience: audienceOf(accountId),
        scope,
        type: 'client_credentials',
      }),
    onSuccess: done,
  });
  return (
    <form
      aria-label={`Grant ${client.client_id} scopes`}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (scope.length === 0) return setProblem('Choose at least one scope');
        setProblem(undefined);
        add.mutate();
      }}
    >
      <ScopePicker id={`grant-${client.id}`} value={scope} onChange={setScope} error={problem} />
      {add.error ? <Alert tone="error">{messageOf(add.error)}</Alert> : null}
      <div>
        <button type="submit" disabled={add.isPending} className={PRIMARY}>
          {add.isPending ? 'Granting…' : 'Grant these scopes'}
        </button>
      </div>
    </form>
  );
}

/** A client's grants: the scopes its tokens get, for which audience; admins add and delete them. */
export function ClientGrants({ client }: { client: ClientView }) {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const { accountId } = useViewer();
  const queries = useQueryClient();
  const [adding, setAdding] = useState(false);
  const grants = useQuery({
    queryKey: grantsQuery(client.id),
    queryFn: async () =>
      (await api.get<GrantView[]>(`${grantsPath(accountId)}?client_id=${encodeURIComponent(client.id)}&limit=100`))
        .data,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: grantsQuery(client.id) });
  if (grants.error) return <Alert tone="error">{messageOf(grants.error)}</Alert>;
  if (!grants.data) return <p role="status">Loading grants…</p>;
  return (
    <div className="grid gap-2">
      {grants.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          {client.created_by === STARTUP_CREATOR
            ? 'No grant: Kassa made this client at start-up, and it has its scopes without one.'
            : 'No grant: the token endpoint refuses this client until it has one.'}
        </p>
      ) : (
        <ul aria-label={`Grants of ${client.client_id}`} className="grid gap-2">
          {grants.data.map((g) => (
            <li key={g.id} className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="min-w-0">
                <p className="text-xs text-slate-600">
                  For <span className="font-mono break-all">{g.audience}</span>
                </p>
                <ul aria-label="Scopes" className="mt-1 flex flex-wrap gap-1">
                  {g.scope.map((s) => (
                    <li key={s} className="rounded bg-indigo-50 px-1.5 py-0.5 font-mono text-xs text-indigo-900">
                      {s}
                    </li>
                  ))}
                </ul>
              </div>
              {canWrite ? (
                <ConfirmAction
                  label="Delete grant"
                  target={`of ${client.client_id}`}
                  title="Delete this grant?"
                  confirmLabel="Delete grant"
                  danger
                  run={async () => {
                    await api.delete(`${grantsPath(accountId)}/${encodeURIComponent(g.id)}`);
                    await refresh();
                  }}
                >
                  New tokens of {client.client_id} lose these scopes; tokens already issued keep them until they expire.
                </ConfirmAction>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite && !grants.data.some((g) => g.audience === audienceOf(accountId)) ? (
        adding ? (
          <AddGrant
            client={client}
            done={() => {
              setAdding(false);
              void refresh();
            }}
          />
        ) : (
          <div>
            <button type="button" onClick={() => setAdding(true)} className={SECONDARY}>
              Add a grant<span className="sr-only"> to {client.client_id}</span>
            </button>
          </div>
        )
      ) : null}
    </div>
  );
}
