import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { INT32_MAX } from '../../domain/money';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { cardBalance, type CardRow, type LedgerRow } from './wallet-repository';

export interface LedgerEntryInput {
  type: 'drawdown' | 'fund';
  amount: number;
  currency: string;
  refId: string;
  createdBy: string;
  metadata?: Record<string, unknown> | undefined;
  tokenId?: string | undefined;
  paymentTransactionId?: string | undefined;
  /** Money the card paid for a checkout payment, coming back (return-gift-cards.ts): taken even if the card has expired since. */
  givenBack?: boolean;
}

/** The card may take this entry now: its currency, not expired, and no drawdown before it is active. */
export const assertCardUsable = (card: CardRow, type: 'drawdown' | 'fund', currency: string, now = nowIso()): void => {
  if (currency !== card.currency) {
    throw new AppError('CURRENCY_MISMATCH', `The card is in ${card.currency}`, {
      errors: [{ path: 'currency', message: `must be ${card.currency}` }],
    });
  }
  if (card.expires_at !== null && card.expires_at <= now)
    throw new AppError('WALLET_CARD_EXPIRED', `Wallet card ${card.card_id} expired at ${card.expires_at}`);
  if (type === 'drawdown' && card.active_from !== null && card.active_from > now) {
    throw new AppError(
      'WALLET_CARD_NOT_ACTIVE',
      `Wallet card ${card.card_id} cannot be drawn down before ${card.active_from}`,
    );
  }
};

export const findEntryByRef = (exec: Executor, cardRowId: string, refId: string): Promise<LedgerRow | undefined> =>
  exec
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('card_row_id', '=', cardRowId)
    .where('ref_id', '=', refId)
    .executeTakeFirst();

/**
 * Appends one ledger entry. The caller holds the card's row lock (lockCardRow/loadCard with lock) in
 * the same transaction, so the balance read here cannot change before the insert: a drawdown never
 * takes the balance below zero, however many run at once.
 */
export const appendLedgerEntry = async (
  trx: Executor,
  card: CardRow,
  entry: LedgerEntryInput,
  now = nowIso(),
): Promise<LedgerRow> => {
  if (!entry.givenBack) assertCardUsable(card, entry.type, entry.currency, now);
  const { balance, count } = await cardBalance(trx, card.id);
  const change = entry.type === 'fund' ? entry.amount : -entry.amount;
  if (balance + change < 0) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `Wallet card ${card.card_id} has ${balance} ${card.currency} available`,
      { errors: [{ path: 'amount', message: `must be at most ${balance}` }] },
    );
  }
  if (balance + change > INT32_MAX) {
    throw new AppError('INVALID_REQUEST', `A card's balance can be at most ${INT32_MAX}`, {
      errors: [{ path: 'amount', message: `must be at most ${INT32_MAX - balance}` }],
    });
  }
  const row: LedgerRow = {
    id: uuid(),
    account_id: card.account_id,
    card_row_id: card.id,
    seq: count + 1,
    ref_id: entry.refId,
    type: entry.type,
    amount: entry.amount,
    balance_change: change,
    balance_after: balance + change,
    currency: card.currency,
    token_id: entry.tokenId ?? null,
    payment_transaction_id: entry.paymentTransactionId ?? null,
    metadata: toJson(entry.metadata ?? {}),
    created_at: now,
    created_by: entry.createdBy,
  };
  await trx.insertInto('wallet_transactions').values(row).execute();
  return row;
};
