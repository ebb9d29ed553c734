/** Kysely table types of this area (issue 10, migration 0012); server/db/schema.ts's DB extends this interface. */

export type CustomerTypeColumn = 'customer' | 'company' | 'contact' | 'employee' | 'other';

export interface CustomersTable {
  /** uuid, the customer's `id`. */
  id: string;
  account_id: string;
  customer_id: string;
  type: CustomerTypeColumn;
  /** The email lower-cased: unique per account and type (null when none, or once deleted). */
  email_lower: string | null;
  phone_number: string | null;
  /** Lower-cased search keys, each after a line feed (names, "first last", phone, customer_id, email): a prefix search is `like '%\n<prefix>%'`. */
  search_keys: string | null;
  /** JSON: every other field of the customer as given (validated by CustomerFields). */
  data: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  version: number;
}

/** A card a customer stored (a payment-token session's tokens), as Kassa knows it: the provider keeps the card. */
export interface StoredCardTokensTable {
  /** `ptid_<hash of the payment token>`, the id the checkout page and the API use for it. */
  token_id: string;
  account_id: string;
  /** The session's `customer.customer_id`, when it had one. */
  customer_id: string | null;
  payment_product_type: string;
  payment_token: string;
  recurrence_token: string | null;
  /** JSON CardSummary: brand, masked_pan, expiry_date, type. Never the number. */
  card: string;
  session_id: string;
  transaction_id: string;
  created_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface CustomerTables {
  customers: CustomersTable;
  stored_card_tokens: StoredCardTokensTable;
}
