/** Kysely table types of this area (issue 10); server/db/schema.ts's DB extends this interface. */

export type WalletTransactionTypeColumn = 'drawdown' | 'fund';

export interface WalletCardsTable {
  id: string;
  account_id: string;
  card_id: string;
  customer_id: string | null;
  name: string | null;
  currency: string;
  metadata: string; // JSON object
  active_from: string | null;
  expires_at: string | null;
  created_at: string;
  created_by: string;
}

/** The ledger: a card's balance is the sum of `balance_change` (+amount for fund, -amount for drawdown). */
export interface WalletTransactionsTable {
  id: string;
  account_id: string;
  card_row_id: string;
  /** 1, 2, ... per card, in the order the entries were written (under the card's row lock). */
  seq: number;
  ref_id: string;
  type: WalletTransactionTypeColumn;
  amount: number;
  balance_change: number;
  balance_after: number;
  currency: string;
  token_id: string | null;
  /** The checkout transaction a gift card payment drew down for. */
  payment_transaction_id: string | null;
  metadata: string; // JSON object
  created_at: string;
  created_by: string;
}

export interface WalletTokensTable {
  id: string;
  account_id: string;
  card_row_id: string;
  ref_id: string;
  value: string;
  /** `value` until the token is found expired (then null), unique per account: no two live tokens share a value. */
  live_value: string | null;
  expires_in: number;
  expires_at: string;
  /** 0/1 */
  expires_after_transaction: number;
  format: string; // JSON object
  metadata: string; // JSON object
  used_at: string | null;
  created_at: string;
  created_by: string;
  /** `hmac-sha256:<hex>` of the token id and its PIN (server/wallets/token-pin.ts); null: made before PINs, pays at checkout no more (ADR 030). */
  pin_hash: string | null;
}

/** A wrong gift card try at checkout (an unknown token or card number, a wrong PIN), counted by the limits (ADR 030). */
export interface GiftCardAttemptsTable {
  id: string;
  account_id: string;
  session_id: string;
  /** The wallet card's row id or the sandbox test card's id the try named; null for an unknown token or number. */
  card_key: string | null;
  created_at: string;
}

/** The token a checkout session applied for a wallet card (its payment uses it up). */
export interface WalletSessionTokensTable {
  session_id: string;
  card_row_id: string;
  token_id: string;
  created_at: string;
}

export interface WalletTables {
  wallet_cards: WalletCardsTable;
  wallet_transactions: WalletTransactionsTable;
  wallet_tokens: WalletTokensTable;
  wallet_session_tokens: WalletSessionTokensTable;
  gift_card_attempts: GiftCardAttemptsTable;
}
