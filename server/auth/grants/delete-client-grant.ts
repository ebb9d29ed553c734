import type { AppContext } from '../../app-context';
import { forUpdate, inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import type { Actor } from '../scopes';
import { readGrant } from './grant-repository';
import type { GrantView } from './grant-schemas';

/** Deletes a grant: new tokens no longer get its scopes; tokens already issued keep them until they expire. */
export const deleteClientGrant = async (ctx: AppContext, actor: Actor, id: string): Promise<GrantView> =>
  inTransaction(ctx.database, async (trx) => {
    const current = await forUpdate(
      ctx.database,
      trx.selectFrom('api_client_grants').selectAll().where('id', '=', id).where('account_id', '=', actor.accountId),
    ).executeTakeFirst();
    if (!current || current.deleted_at !== null)
      throw new AppError('CLIENT_GRANT_NOT_FOUND', `Grant ${id} was not found`);
    const deleted = { deleted_at: nowIso(), deleted_by: actor.subject };
    await trx.updateTable('api_client_grants').set(deleted).where('id', '=', id).execute();
    return readGrant({ ...current, ...deleted });
  });
