import type { AppContext } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import type { Actor } from '../../auth/scopes';
import { loadTransaction, saveMerchantReference2 } from '../store/transaction-repository';
import { readTransaction } from '../store/read-transaction';
import type { TransactionView } from './transaction-schemas';

/** PUT /v1/transactions/{id}: only merchant_reference_2 can change after creation. */
export const updateTransaction = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: { merchant_reference_2: string },
): Promise<TransactionView> =>
  unitOfWork(ctx, undefined, async ({ trx }) => {
    const row = await loadTransaction(trx, ctx.database, transactionId, actor.accountId, true);
    await saveMerchantReference2(trx, row, input.merchant_reference_2);
    return readTransaction(trx, await loadTransaction(trx, ctx.database, row.id, actor.accountId));
  });
