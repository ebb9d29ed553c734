import type { AppContext } from '../app-context';
import type { Executor } from '../db/database';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { assertHoldsEvery } from './no-escalation';
import { parseStoredScopes, type Actor } from './scopes';

/**
 * A live API key of the actor's account, locked, that the actor may rotate or delete: 404 when there is none, 403
 * SCOPE_NOT_HELD when the key carries a scope the actor does not hold (ADR 042).
 */
export const apiKeyToActOn = async (ctx: AppContext, trx: Executor, actor: Actor, id: string) => {
  const current = await forUpdate(
    ctx.database,
    trx.selectFrom('api_keys').selectAll().where('id', '=', id).where('account_id', '=', actor.accountId),
  ).executeTakeFirst();
  if (!current || current.deleted_at !== null) throw new AppError('API_KEY_NOT_FOUND', `API key ${id} was not found`);
  assertHoldsEvery(actor, parseStoredScopes(current.scopes), 'The API key');
  return current;
};
