'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi } from '../console-context';
import { ConfirmAction } from './confirm-action';
import { messageOf, when } from './format';
import { KEYS, KEYS_QUERY, NewKeyForm, type ApiKey } from './api-key-form';

/** /console/developers/api-keys: the account's keys (never their values); admins create, rotate and delete. */
export function ApiKeysSection() {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const queries = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: async () => (await api.get<ApiKey[]>(KEYS)).data });
  return (
    <div className="grid gap-6">
      <section aria-labelledby="keys-title" className="grid gap-3">
        <h2 id="keys-title" className="text-xl font-semibold">
          API keys
        </h2>
        <p className="text-slate-600">
          Keys for the admin operations (header x-api-key). Kassa keeps only their hashes.
        </p>
        {keys.error ? (
          <Alert tone="error">{messageOf(keys.error)}</Alert>
        ) : !keys.data ? (
          <p role="status">Loading API keys…</p>
        ) : keys.data.length === 0 ? (
          <p className="text-slate-600">No API keys yet.</p>
        ) : (
          <ul
            aria-label="API keys"
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {keys.data.map((k) => (
              <li
                key={k.id}
                aria-label={`API key ${k.name}`}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{k.name}</p>
                  <p className="text-xs text-slate-600">
                    Created {when(k.created_at)} by <span className="break-all">{k.created_by}</span>
                  </p>
                </div>
                {canWrite ? (
                  <div className="flex flex-wrap gap-2">
                    <ConfirmAction
                      label="Rotate"
                      target={`API key ${k.name}`}
                      title={`Rotate API key ${k.name}?`}
                      confirmLabel="Rotate key"
                      danger
                      run={async () => {
                        const { data } = await api.post<{ api_key: string }>(
                          `${KEYS}/${encodeURIComponent(k.id)}/rotate-api-key`,
                        );
                        return { secretLabel: `New value of API key ${k.name}`, secret: data.api_key };
                      }}
                    >
                      The key gets a new value; the current one is refused from now on.
                    </ConfirmAction>
                    <ConfirmAction
                      label="Delete"
                      target={`API key ${k.name}`}
                      title={`Delete API key ${k.name}?`}
                      confirmLabel="Delete key"
                      danger
                      run={async () => {
                        await api.delete(`${KEYS}/${encodeURIComponent(k.id)}`);
                        await queries.invalidateQueries({ queryKey: KEYS_QUERY });
                      }}
                    >
                      Requests with this key are refused from now on.
                    </ConfirmAction>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canWrite ? (
        <NewKeyForm />
      ) : (
        <p className="text-sm text-slate-600">Your role is read-only: an admin manages keys.</p>
      )}
    </div>
  );
}
