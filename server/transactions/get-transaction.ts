import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadTransaction, readTransaction } from './transaction-repository';
import type { TransactionView } from './transaction-schemas';

export const getTransaction = async (ctx: AppContext, actor: Actor, id: string, includes: readonly string[] = []): Promise<TransactionView> => {
  const row = await loadTransaction(ctx.database.db, ctx.database, id, actor.accountId);
  return readTransaction(ctx.database.db, row, includes);
};
