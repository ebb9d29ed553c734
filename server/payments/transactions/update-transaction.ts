import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { expectUpdated } from '../../db/expect-updated';
import { inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import { loadTransaction, readTransaction } from '../store/transaction-repository';
import type { TransactionView } from './transaction-schemas';

/** PUT /v1/transactions/{id}: only merchant_reference_2 can change after creation. */
export const updateTransaction = (ctx: AppContext, actor: Actor, transactionId: string, input: { merchant_reference_2: string }): Promise<TransactionView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadTransaction(trx, ctx.database, transactionId, actor.accountId, true);
    expectUpdated(
      await trx
        .updateTable('transactions')
        .set({ merchant_reference_2: input.merchant_reference_2, updated_at: nowIso(), version: row.version + 1 })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .executeTakeFirst(),
      'The transaction',
    );
    return readTransaction(trx, await loadTransaction(trx, ctx.database, row.id, actor.accountId));
  });
