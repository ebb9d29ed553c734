import type { Database, Executor } from '../db/database';
import { nowIso } from '../shared/clock';
import { giftCardsOwed, splitReturn, type SettledAmounts } from '../../domain/gift-card-returns';
import { appendLedgerEntry } from './wallet-ledger';
import { lockCardRow } from './wallet-repository';

/** The payment as this needs it: its wallet cards, in the order they were applied. */
export interface GiftCardPayment {
  id: string;
  account_id: string;
  data: { gift_cards?: readonly { card_id: string }[] };
}

/**
 * In the database transaction that settles a void or refund (or a final capture that voids the
 * rest), holding the payment's row lock: gives the wallet cards that paid part of it what they are
 * owed back now (domain/gift-card-returns.ts), as a `fund` entry per card with the payment's
 * transaction id and `ref_id` = the operation's id. What they are owed is computed from the payment's
 * amounts and what the ledger already gave back, so it is never given twice. Sandbox test gift cards
 * were never drawn down and get nothing.
 */
export const returnGiftCards = async (
  trx: Executor,
  database: Database,
  payment: GiftCardPayment,
  amounts: SettledAmounts,
  ref: { operationId: string; reason: string; createdBy: string },
): Promise<void> => {
  const applied = payment.data.gift_cards ?? [];
  if (applied.length === 0) return;
  const entries = await trx
    .selectFrom('wallet_transactions')
    .select(['card_row_id', 'type', 'amount'])
    .where('account_id', '=', payment.account_id)
    .where('payment_transaction_id', '=', payment.id)
    .execute();
  const drawn = new Map<string, number>();
  const returned = new Map<string, number>();
  for (const e of entries) {
    const sums = e.type === 'drawdown' ? drawn : returned;
    sums.set(e.card_row_id, (sums.get(e.card_row_id) ?? 0) + e.amount);
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const due = giftCardsOwed(sum(drawn), amounts) - sum(returned);
  if (due <= 0) return;
  const cards = await trx
    .selectFrom('wallet_cards')
    .select(['id', 'card_id'])
    .where('account_id', '=', payment.account_id)
    .where('id', 'in', [...drawn.keys()])
    .execute();
  const order = [
    ...new Set(
      applied
        .map((g) => cards.find((c) => c.card_id === g.card_id)?.id)
        .filter((id): id is string => id !== undefined && drawn.has(id)),
    ),
  ];
  const parts = splitReturn(
    due,
    order.map((id) => ({ key: id, open: drawn.get(id)! - (returned.get(id) ?? 0) })),
  );
  // Locked in one order (by row id), as a payment drawing the same cards locks them, so neither can deadlock.
  const locked = new Map<string, Awaited<ReturnType<typeof lockCardRow>>>();
  for (const id of parts.map((p) => p.key).sort()) locked.set(id, await lockCardRow(trx, database, id));
  const now = nowIso();
  for (const part of parts) {
    const card = locked.get(part.key)!;
    const entry = {
      type: 'fund' as const,
      amount: part.amount,
      currency: card.currency,
      refId: ref.operationId,
      paymentTransactionId: payment.id,
      createdBy: ref.createdBy,
      metadata: { reason: ref.reason },
      givenBack: true,
    };
    await appendLedgerEntry(trx, card, entry, now);
  }
};
