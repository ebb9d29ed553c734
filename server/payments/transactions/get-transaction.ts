import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { loadTransaction } from '../store/transaction-repository';
import { readTransaction } from '../store/read-transaction';
import type { TransactionView } from './transaction-schemas';
import { readTransactionJson } from './transaction-view-json';

export const getTransaction = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  includes: readonly string[] = [],
): Promise<TransactionView> => {
  const row = await loadTransaction(ctx.database.db, ctx.database, id, actor.accountId);
  return readTransaction(ctx.database.db, row, includes, { sessions: ctx.payableSessions });
};

/** `GET /v1/transactions/{id}` as JSON text: without includes straight from the stored columns (transaction-view-json.ts). */
export const getTransactionJson = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  includes: readonly string[] = [],
): Promise<string> =>
  (includes.length === 0 ? await readTransactionJson(ctx.database.db, id, actor.accountId) : undefined) ??
  JSON.stringify(await getTransaction(ctx, actor, id, includes));
