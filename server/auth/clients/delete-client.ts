import type { AppContext } from '../../app-context';
import { forUpdate, inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import type { Actor } from '../scopes';
import { clientNotFound, readClient } from './client-repository';
import type { ClientView } from './client-schemas';

/**
 * Deletes a client (kept, marked deleted) and its grants: the token endpoint refuses it from this moment. Tokens
 * it already holds keep working until they expire (KASSA_TOKEN_TTL_SECONDS). Answers the deleted client.
 */
export const deleteClient = async (ctx: AppContext, actor: Actor, id: string): Promise<ClientView> =>
  inTransaction(ctx.database, async (trx) => {
    const current = await forUpdate(
      ctx.database,
      trx.selectFrom('api_clients').selectAll().where('id', '=', id).where('account_id', '=', actor.accountId),
    ).executeTakeFirst();
    if (!current || current.deleted_at !== null) throw clientNotFound(id);
    const now = nowIso();
    const deleted = { deleted_at: now, deleted_by: actor.subject, updated_at: now };
    await trx.updateTable('api_clients').set(deleted).where('id', '=', id).execute();
    await trx
      .updateTable('api_client_grants')
      .set({ deleted_at: now, deleted_by: actor.subject })
      .where('client_uuid', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
    return readClient({ ...current, ...deleted });
  });
