/*
 * Kysely table types of stores, payout destinations and terminals (issue 10); server/db/schema.ts's
 * DB extends `TerminalTables`. Status and kind columns are literal unions (ADR 014); the zod enums in
 * the schemas are checked against them at compile time.
 */

export type TerminalStatusColumn = 'DELETED' | 'PENDING' | 'ACTION_REQUIRED' | 'ACTIVE' | 'INACTIVE' | 'ERROR';
export type TerminalStatusReasonColumn = 'CHECK_UPDATE';
export type DeviceModelColumn = 'SATURN1000' | 'Saturn_S1F4_Pro' | 'S1P2' | 'S1MINI2';
export type PayoutDestinationTypeColumn = 'company' | 'individual';
export type CaseStatusColumn =
  | 'ACTIVE'
  | 'DECLINED'
  | 'UNDER_MANUAL_REVIEW'
  | 'AUTOMATIC_REVIEW'
  | 'WAITING_FOR_SIGNATURE'
  | 'WAITING_FOR_DECLARATION'
  | 'ERROR'
  | 'ARCHIVED'
  | 'WAITING_FOR_DETAILS'
  | 'TERMINATED';
/** What a per-account counter numbers (`account_sequences.name`). */
export type AccountSequenceColumn = 'stores' | 'terminals';

/** Per-account counters: store ids `<aid>-0001` and terminal ids `<aid>-T0001` (see account-sequence.ts). */
export interface AccountSequencesTable {
  account_id: string;
  name: AccountSequenceColumn;
  value: number;
}

export interface PayoutDestinationsTable {
  id: string; // uuid
  account_id: string;
  payout_destination_id: string; // client-supplied, unique per account
  payout_reference: string | null;
  type: PayoutDestinationTypeColumn;
  case_status: CaseStatusColumn;
  bank_accounts: string; // JSON: BankAccount[] (1-2)
  organization: string | null; // JSON: {organization_number?, name?, trade_name?, ...}
  created_at: string;
  created_by: string;
  updated_at: string;
}

export interface StoresTable {
  id: string; // Kassa's id, `<aid>-<4-digit seq>`
  account_id: string;
  seq: number; // the per-account number in `id`; lists are ordered by it
  store_id: string; // client-supplied, unique per account
  store_name: string;
  organization: string | null; // JSON: {organization_number, ...}
  payout_destination_id: string | null; // the client-supplied id of a payout destination of the account
  created_at: string;
  created_by: string;
  updated_at: string;
}

export interface TerminalsTable {
  id: string; // uuid
  account_id: string;
  seq: number; // the per-account number in `terminal_id`; lists are ordered by it
  terminal_id: string; // `<aid>-T<4-digit seq>`
  device_serial_number: string; // as sent
  /** The upper-cased serial number while the terminal is live, null once deleted: unique per account. */
  live_serial_key: string | null;
  device_model: DeviceModelColumn;
  store_id: string; // the client-supplied store_id
  status: TerminalStatusColumn;
  status_reason: TerminalStatusReasonColumn | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface TerminalTables {
  account_sequences: AccountSequencesTable;
  payout_destinations: PayoutDestinationsTable;
  stores: StoresTable;
  terminals: TerminalsTable;
}
