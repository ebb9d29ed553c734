import type { AppContext } from '../../app-context';
import { forUpdate, inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import { clientToActOn } from '../clients/client-repository';
import type { Actor } from '../scopes';
import { readGrant } from './grant-repository';
import type { GrantView } from './grant-schemas';

/**
 * Deletes a grant: new tokens no longer get its scopes; tokens already issued keep them until they expire. Only a
 * caller holding every scope of the grant's client (the grant's among them) may (403 SCOPE_NOT_HELD, ADR 042).
 */
export const deleteClientGrant = async (ctx: AppContext, actor: Actor, id: string): Promise<GrantView> =>
  inTransaction(ctx.database, async (trx) => {
    const grant = () =>
      trx.selectFrom('api_client_grants').selectAll().where('id', '=', id).where('account_id', '=', actor.accountId);
    const found = await grant().executeTakeFirst();
    // the client first, then the grant: the order in which deleting a client locks them
    if (found && found.deleted_at === null) await clientToActOn(ctx.database, trx, actor, found.client_uuid);
    const current = found && (await forUpdate(ctx.database, grant()).executeTakeFirst());
    if (!current || current.deleted_at !== null)
      throw new AppError('CLIENT_GRANT_NOT_FOUND', `Grant ${id} was not found`);
    const deleted = { deleted_at: nowIso(), deleted_by: actor.subject };
    await trx.updateTable('api_client_grants').set(deleted).where('id', '=', id).execute();
    return readGrant({ ...current, ...deleted });
  });
