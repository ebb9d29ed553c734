import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import type { CardSummary } from '../../providers/port';
import { parseJson } from '../../shared/json-columns';
import { minorUnits, type MinorUnits } from '../../../domain/money';

/** What a receipt says of the transaction that paid a session: no tokens, no addresses, a card's brand and last four digits. */
export interface TransactionReceipt {
  amount: MinorUnits;
  currency: string;
  created_at: string;
  payment_product_type: string;
  card?: { brand: string; last4: string };
}

const receiptRow = compiledOnce((exec, transactionId: string, sessionId: string) =>
  exec
    .selectFrom('transactions')
    .select(['amount', 'currency', 'created_at', 'payment_product_type', 'card'])
    .where('id', '=', transactionId)
    .where('session_id', '=', sessionId),
);

/** The receipt of `transactionId` when it paid `sessionId` (undefined for any other transaction). */
export const transactionReceipt = async (
  exec: Executor,
  transactionId: string,
  sessionId: string,
): Promise<TransactionReceipt | undefined> => {
  const [row] = await receiptRow(exec, transactionId, sessionId);
  if (!row) return undefined;
  const card = row.card == null ? undefined : parseJson<CardSummary>(row.card);
  const last4 = card?.masked_pan.replace(/\D/g, '').slice(-4);
  return {
    amount: minorUnits(row.amount),
    currency: row.currency,
    created_at: row.created_at,
    payment_product_type: row.payment_product_type,
    ...(card && last4?.length === 4 ? { card: { brand: card.brand, last4 } } : {}),
  };
};
