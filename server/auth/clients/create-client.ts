import type { AppContext, RequestMeta } from '../../app-context';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { oncePerKey } from '../../idempotency/once-per-key';
import { nowIso } from '../../shared/clock';
import { randomBase58, uuid } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import type { Actor } from '../scopes';
import { generateSecret, hashSecret } from '../secret-hash';
import { loadClient, readClient } from './client-repository';
import type { ClientView, CreateClientInput } from './client-schemas';

/**
 * A new client of the caller's account, with no scope: its grants give it scopes (create-client-grant.ts). The
 * secret is answered once and only its hash is kept. A `client_id` is unique across the server (the token endpoint
 * finds the client by it): one already taken is 409. A replay of the same Idempotency-Key answers the client
 * without its secret (it was not kept): rotate it if the first answer was lost.
 */
export const createClient = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateClientInput,
  meta: RequestMeta,
): Promise<{ client: ClientView; client_secret?: string }> => {
  const secret = generateSecret();
  const { id, replayed } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const clientId = input.client_id ?? randomBase58(24);
      const taken = await trx
        .selectFrom('api_clients')
        .select('id')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (taken)
        throw new AppError('CLIENT_ALREADY_EXISTS', `A client with client_id ${clientId} already exists`, {
          errors: [{ path: 'client_id', message: 'already exists' }],
        });
      const now = nowIso();
      const row = {
        id: uuid(),
        account_id: actor.accountId,
        client_id: clientId,
        secret_hash: hashSecret(secret),
        scopes: '[]',
        name: input.name ?? clientId,
        description: input.description ?? null,
        callbacks: toJson(input.callbacks ?? []),
        created_at: now,
        created_by: actor.subject,
        updated_at: now,
      };
      await trx.insertInto('api_clients').values(row).execute();
      return row.id;
    }),
  );
  const client = readClient(await loadClient(ctx.database.db, actor.accountId, id));
  return replayed ? { client } : { client, client_secret: secret };
};
