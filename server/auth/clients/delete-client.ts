import type { AppContext } from '../../app-context';
import { inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import type { Actor } from '../scopes';
import { clientToActOn, readClient } from './client-repository';
import type { ClientView } from './client-schemas';

/**
 * Deletes a client (kept, marked deleted) and its grants: the token endpoint refuses it from this moment. Tokens
 * it already holds keep working until they expire (KASSA_TOKEN_TTL_SECONDS). Answers the deleted client. Only a
 * caller holding every scope of the client may (403 SCOPE_NOT_HELD, ADR 042).
 */
export const deleteClient = async (ctx: AppContext, actor: Actor, id: string): Promise<ClientView> =>
  inTransaction(ctx.database, async (trx) => {
    const current = await clientToActOn(ctx.database, trx, actor, id);
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
