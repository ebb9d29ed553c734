import type { Selectable } from 'kysely';
import type { Database, Executor } from '../db/database';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { parseJson } from '../shared/json-columns';
import type { CardView, StoredTokenFormat, WalletTransactionView } from './wallet-schemas';
import type { WalletCardsTable, WalletTokensTable, WalletTransactionsTable } from './wallets-tables';

export type CardRow = Selectable<WalletCardsTable>;
export type TokenRow = Selectable<WalletTokensTable>;
export type LedgerRow = Selectable<WalletTransactionsTable>;

export const cardNotFound = (cardId: string) =>
  new AppError('WALLET_CARD_NOT_FOUND', `Wallet card ${cardId} was not found`);

/** The account's card by its card_id; `lock` (inside a transaction) holds its row until commit, so ledger writes of one card run one at a time. */
export const loadCard = async (
  exec: Executor,
  accountId: string,
  cardId: string,
  lock?: Database,
): Promise<CardRow> => {
  const q = exec
    .selectFrom('wallet_cards')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('card_id', '=', cardId);
  const row = await (lock ? forUpdate(lock, q) : q).executeTakeFirst();
  if (!row) throw cardNotFound(cardId);
  return row;
};

export const lockCardRow = async (trx: Executor, database: Database, cardRowId: string): Promise<CardRow> =>
  forUpdate(database, trx.selectFrom('wallet_cards').selectAll().where('id', '=', cardRowId)).executeTakeFirstOrThrow();

/** The card's balance: the sum of its ledger (never negative: every drawdown is checked against it under the card's row lock). */
export const cardBalance = async (exec: Executor, cardRowId: string): Promise<{ balance: number; count: number }> => {
  const row = await exec
    .selectFrom('wallet_transactions')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('balance_change'), eb.lit(0)).as('balance'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('card_row_id', '=', cardRowId)
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), count: Number(row.count) }; // PostgreSQL's sum and count are bigints (strings)
};

/** The balances of several cards in one query (cards without entries are 0). */
export const balancesOf = async (exec: Executor, cardRowIds: readonly string[]): Promise<Map<string, number>> => {
  if (cardRowIds.length === 0) return new Map();
  const rows = await exec
    .selectFrom('wallet_transactions')
    .select((eb) => ['card_row_id', eb.fn.sum<number | string>('balance_change').as('balance')])
    .where('card_row_id', 'in', cardRowIds)
    .groupBy('card_row_id')
    .execute();
  return new Map(rows.map((r) => [r.card_row_id, Number(r.balance)]));
};

export const balanceOf = async (exec: Executor, cardRowId: string): Promise<number> =>
  (await cardBalance(exec, cardRowId)).balance;

const optional = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  value === null ? {} : ({ [key]: value } as { [P in K]?: string });

/** The card mapper: metadata parsed once; the balance is passed in (read from the ledger). */
export const readCard = (row: CardRow, balance: number): CardView => ({
  id: row.id,
  card_id: row.card_id,
  ...optional('customer_id', row.customer_id),
  ...optional('name', row.name),
  currency: row.currency,
  amount: balance,
  amount_balance: balance,
  amount_available: balance,
  metadata: parseJson<Record<string, unknown>>(row.metadata),
  ...optional('active_from', row.active_from),
  ...optional('expires_at', row.expires_at),
  created_at: row.created_at,
  created_by: row.created_by,
});

/** How a token is shown where its value is not: its last four characters. */
export const maskToken = (value: string): string => `•••• ${value.slice(-4)}`;

/**
 * The ref_id of a card's own first entry (create-card's initial `amount`): empty, which no client ref_id can be
 * (they are at least 1 character), so a client's ref_id `initial` is an entry of its own. The API shows it as
 * `initial`. Cards created before this kept `initial` as the stored ref (unique per card, so a client's `initial`
 * still answers that entry on them).
 */
export const CARD_OWN_REF = '';
export const CARD_OWN_REF_SHOWN = 'initial';

export const readLedgerEntry = (row: LedgerRow, cardId: string, tokenValue?: string): WalletTransactionView => ({
  id: row.id,
  card_id: cardId,
  ref_id: row.ref_id === CARD_OWN_REF ? CARD_OWN_REF_SHOWN : row.ref_id,
  type: row.type,
  amount: row.amount,
  currency: row.currency,
  balance_after: row.balance_after,
  ...(tokenValue ? { masked_token: maskToken(tokenValue) } : {}),
  ...optional('transaction_id', row.payment_transaction_id),
  metadata: parseJson<Record<string, unknown>>(row.metadata),
  created_at: row.created_at,
  created_by: row.created_by,
});

export const tokenFormat = (row: TokenRow): StoredTokenFormat => parseJson<StoredTokenFormat>(row.format);
