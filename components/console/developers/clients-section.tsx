'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi, useViewer } from '../console-context';
import { CLIENTS_QUERY, clientsPath, type ClientView } from './client-api';
import { ClientForm } from './client-form';
import { ClientGrants } from './client-grants';
import { ConfirmAction } from './confirm-action';
import { messageOf, when } from './format';

/** One client: who made it, its grants; admins rotate its secret or delete it, each after a confirmation. */
function ClientItem({ client }: { client: ClientView }) {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const { accountId } = useViewer();
  const queries = useQueryClient();
  const path = `${clientsPath(accountId)}/${encodeURIComponent(client.id)}`;
  return (
    <li aria-label={`Client ${client.client_id}`} className="grid gap-3 px-4 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{client.name}</p>
          <p className="font-mono text-sm break-all text-slate-700">{client.client_id}</p>
          {client.description ? <p className="text-sm text-slate-600">{client.description}</p> : null}
          <p className="text-xs text-slate-600">
            Created {when(client.created_at)} by <span className="break-all">{client.created_by}</span>
          </p>
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <ConfirmAction
              label="Rotate secret"
              target={`of ${client.client_id}`}
              title={`Rotate the secret of ${client.client_id}?`}
              confirmLabel="Rotate secret"
              danger
              run={async () => {
                const { data } = await api.post<{ client_secret: string }>(`${path}/rotate_secret`);
                return { secretLabel: `New client secret of ${client.client_id}`, secret: data.client_secret };
              }}
            >
              The current secret stops working at once: every server using it must get the new one.
            </ConfirmAction>
            <ConfirmAction
              label="Delete"
              target={`client ${client.client_id}`}
              title={`Delete client ${client.client_id}?`}
              confirmLabel="Delete client"
              danger
              run={async () => {
                await api.delete(path);
                await queries.invalidateQueries({ queryKey: CLIENTS_QUERY });
              }}
            >
              The token endpoint refuses it at once, and its grants are deleted. Tokens already issued work until they
              expire.
            </ConfirmAction>
          </div>
        ) : null}
      </div>
      <ClientGrants client={client} />
    </li>
  );
}

/** /console/developers: the account's API clients and their grants; admins create, rotate and delete. */
export function ClientsSection() {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const { accountId } = useViewer();
  const clients = useQuery({
    queryKey: CLIENTS_QUERY,
    queryFn: async () => (await api.get<ClientView[]>(`${clientsPath(accountId)}?limit=100`)).data,
  });
  return (
    <div className="grid gap-6">
      <section aria-labelledby="clients-title" className="grid gap-3">
        <h2 id="clients-title" className="text-xl font-semibold">
          Clients and grants
        </h2>
        <p className="text-slate-600">
          A client gets access tokens with its id and secret (client credentials); its grant says which scopes they
          carry.
        </p>
        {clients.error ? (
          <Alert tone="error">{messageOf(clients.error)}</Alert>
        ) : !clients.data ? (
          <p role="status">Loading clients…</p>
        ) : clients.data.length === 0 ? (
          <p className="text-slate-600">No clients yet.</p>
        ) : (
          <ul
            aria-label="Clients"
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {clients.data.map((c) => (
              <ClientItem key={c.id} client={c} />
            ))}
          </ul>
        )}
      </section>
      {canWrite ? (
        <ClientForm />
      ) : (
        <p className="text-sm text-slate-600">Your role is read-only: an admin manages clients.</p>
      )}
    </div>
  );
}
