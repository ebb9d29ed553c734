import type { Generated } from 'kysely';
import type { ConsoleTables } from '../console/console-tables';
import type { SignInTables } from '../auth/sign-in-tables';
import type { CustomerTables } from '../customers/customers-tables';
import type { DiscountTables } from '../discounts/discounts-tables';
import type { OrderTables } from '../orders/orders-tables';
import type { TerminalTables } from '../terminals/terminals-tables';
import type { WalletTables } from '../wallets/wallets-tables';

/*
 * Literal unions of the status/kind columns: a typo in a query or a write fails the type check.
 * The database stores plain text (no CHECK constraints; migrations use portable types only), so
 * these are the single list of values the code may write. Domain modules that own a union
 * (TransactionStatus in transaction-state.ts) assert at compile time that it equals the one here.
 */
export type SessionStatusColumn = 'OPEN' | 'PAYING' | 'AUTHORIZED' | 'ON_HOLD' | 'CANCELLED';
export type SessionKindColumn = 'PAYMENT' | 'PAYMENT_TOKEN' | 'MERCHANT_INITIATED';
export type TransactionStatusColumn =
  | 'INITIATED'
  | 'AUTHORIZED'
  | 'AUTHORIZATION_VOIDED'
  | 'CAPTURED'
  | 'PARTIALLY_CAPTURED'
  | 'PARTIALLY_CAPTURED_REFUNDED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED'
  | 'DECLINED'
  | 'FAILED'
  | 'UNKNOWN'
  | 'ON_HOLD';
export type OperationKindColumn = 'CAPTURE' | 'REFUND' | 'VOID';
export type OperationStatusColumn = 'PENDING' | 'ASYNC' | 'UNRESOLVED' | 'DONE' | 'RELEASED';
export type OutboxStatusColumn = 'PENDING' | 'DELIVERED' | 'FAILED';
export type OutboxMethodColumn = 'GET' | 'POST';
export type OutboxErrorColumn = 'authorization' | 'failed';
export type IdempotencyStatusColumn = 'IN_PROGRESS' | 'COMPLETED';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: timestamps are
 * ISO 8601 UTC text, JSON is text, booleans are 0/1 integers, amounts are int32.
 */
export interface AccountsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiClientsTable {
  id: string;
  account_id: string;
  client_id: string;
  secret_hash: string;
  /** JSON string[]: the scopes of a client Kassa makes at start-up (no grant needed); `[]` for a client made through the API. */
  scopes: string;
  name: string;
  description: string | null;
  /** JSON string[] */
  callbacks: Generated<string>;
  created_at: string;
  created_by: Generated<string>;
  updated_at: string | null;
  deleted_at: string | null;
  deleted_by: string | null;
}

/** A client's scopes for one audience and grant type (issue 26). */
export interface ApiClientGrantsTable {
  id: string;
  account_id: string;
  /** api_clients.id (the client resource's id, as the public shape names it `client_id`) */
  client_uuid: string;
  audience: string;
  /** JSON string[] */
  scope: string;
  type: 'client_credentials';
  created_at: string;
  created_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  scopes: string; // JSON string[]
  created_by: string;
  created_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface SignatureSecretsTable {
  id: string;
  account_id: string;
  secret: string;
  created_at: string;
  created_by: string;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  merchant_reference: string;
  currency: string;
  amount: number;
  url: string; // JSON
  order_data: string; // JSON
  configuration: string; // JSON
  customer: string | null; // JSON
  express: string | null; // JSON
  metadata: string | null; // JSON
  customer_name: string | null;
  expires_at: string;
  transaction_id: string | null;
  status: SessionStatusColumn;
  cancelled_at: string | null;
  cancelled_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  kind: Generated<SessionKindColumn>;
  pay_lock_id: string | null;
  token_provider: string | null; // JSON {payment_product_type, token_types}
  payment_operation: string | null;
  profile_id: string | null;
  request_headers: string | null; // JSON, redacted headers of the creating request
  customer_email: string | null;
  merchant_reference_2: string | null;
  platform_type: string | null; // aggregator | marketplace
  system_plugin_name: string | null; // the creating request's Kassa-System-Plugin-Name
}

export interface SessionProfilesTable {
  id: string;
  account_id: string;
  profile_id: string;
  description: string;
  data: string; // JSON: configuration, url, merchant, checkboxes
  created_at: string;
  created_by: string;
  updated_at: string;
}

export interface SandboxVaultTable {
  token: string;
  account_id: string;
  token_type: string;
  card: string; // JSON CardSummary
  behavior: string; // APPROVE | DECLINE_DO_NOT_RETRY | DECLINE_RETRY
  created_at: string;
}

export interface SessionEventsTable {
  id: string;
  session_id: string;
  seq: number;
  name: string;
  created_at: string;
  request_id: string | null;
  details: string | null; // JSON
  request_headers: string | null; // JSON
}

export interface TransactionsTable {
  id: string;
  account_id: string;
  session_id: string;
  status: TransactionStatusColumn;
  currency: string;
  amount: number;
  captured_amount: number;
  refunded_amount: number;
  voided_amount: number;
  pending_capture: number;
  pending_refund: number;
  pending_void: number;
  payment_product: string;
  payment_product_type: string;
  card: string | null; // JSON: brand, masked_pan, expiry_date (never the PAN)
  merchant_reference: string;
  merchant_reference_2: string | null;
  data: string; // JSON: items, shipping_option, billing/shipping address, customer, metadata, url
  created_at: string;
  updated_at: string;
  version: number;
  payment_token: string | null;
  recurrence_token: string | null;
  payment_operation: string | null;
  lines: string | null; // JSON Lines (per order line amounts)
  final_captured: Generated<number>;
  final_authorization: Generated<number>;
  card_brand: string | null;
  payout_destination_id: string | null;
  /** While the customer confirms on another page (migration 0011): until when, and what (JSON PendingAction). */
  awaiting_customer_until: string | null;
  pending_action: string | null;
  /** Who is asking the provider about the pending action (migration 0031): claim id, its process, since when. */
  action_claim: string | null;
  action_claim_owner: string | null;
  action_claimed_at: string | null;
  /** The process that started the attempt (`kassa_processes.boot_id`, migration 0036); null on older rows. */
  owner_boot_id: string | null;
  /** The provider's own reference of an approved payment (migration 0038). */
  provider_reference: string | null;
  /** The provider's own data of an approved payment: a JSON object, at most 4 KiB (migration 0038). */
  provider_data: string | null;
  /** An unresolved authorization (migration 0040): when the recovery asks the provider next, and how often it asked. */
  confirm_after: string | null;
  confirm_asks: Generated<number>;
}

export interface TransactionOperationsTable {
  id: string;
  transaction_id: string;
  account_id: string;
  operation: OperationKindColumn;
  reference: string | null;
  request_hash: string;
  reservation: string; // JSON Reservation
  status: OperationStatusColumn;
  initiate_request_id: string | null;
  created_by: string;
  request_id: string | null;
  details: string | null;
  request_headers: string | null; // JSON, redacted
  created_at: string;
  updated_at: string;
  /** The process that asked the provider (`kassa_processes.boot_id`, migration 0037); null on older rows. */
  owner_boot_id: string | null;
}

export interface GatewaySettingsTable {
  account_id: string;
  gateway: string;
  configuration: string; // JSON
  updated_at: string;
  /** Its credentials, sealed: a JSON object of field name to sealed value, or null (migration 0039, ADR 049). */
  secrets: string | null;
}

/** The sandbox's own record of the authorizations it decided (migration 0040): what `authorizationStatus` answers from. */
export interface SandboxAuthorizationsTable {
  transaction_id: string;
  account_id: string;
  /** JSON: the AuthorizeAnswer it gave (APPROVED or DECLINED). */
  answer: string;
  created_at: string;
}

export interface SandboxOperationsTable {
  operation_id: string;
  transaction_id: string;
  /** What the sandbox was asked: a money operation, or an authorization update (which the sandbox answers at once). */
  kind: OperationKindColumn | 'AUTHORIZATION_UPDATE';
  amount: number;
  complete_after: string;
  created_at: string;
}

export interface TransactionEventsTable {
  id: string;
  transaction_id: string;
  seq: number;
  event: string;
  success: number;
  amount: number | null;
  items: string | null; // JSON
  error: string | null; // JSON {code, message}
  created_at: string;
  created_by: string;
  request_id: string | null;
  details: string | null; // JSON
  request_headers: string | null; // JSON
  /** The transaction's status after the event (migration 0029; null on older events). */
  transaction_status: TransactionStatusColumn | null;
}

export interface OutboxTable {
  id: string;
  account_id: string;
  session_id: string;
  transaction_id: string | null;
  event_id: string;
  event: string;
  url: string;
  method: OutboxMethodColumn;
  status: OutboxStatusColumn;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  seq: Generated<number>; // order within the transaction: the reported transaction event's seq
  claim_id: string | null; // the worker claim that owns the attempt in flight
  series_start: Generated<number>; // attempts made before the current series (a manual retry starts one)
  error: OutboxErrorColumn | null; // the callback's `error` query value (report_error)
  last_request: string | null; // JSON {method, url, headers, body?}: what the last attempt sent, signed (migration 0027)
}

export interface CallbackAttemptsTable {
  id: string;
  outbox_id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  latency_ms: number;
  status_code: number | null;
  error: string | null;
}

export interface IdempotencyKeysTable {
  account_id: string;
  idem_key: string;
  method: string;
  path: string;
  request_hash: string; // sha256 hex of method, path and the canonical JSON body
  status: IdempotencyStatusColumn;
  response_status: number | null;
  response_body: string | null; // JSON text as sent
  response_headers: string | null; // JSON object: the headers the route set
  created_at: string;
  completed_at: string | null;
  expires_at: string;
  /** What the request created or moved (session id, operation id...), written in the transaction of that change. */
  resource_id: string | null;
  /** The process that made the claim (`kassa_processes.boot_id`, migration 0023); null on older claims. */
  owner_boot_id: string | null;
}

/** One row per running Kassa process (migration 0023), refreshed by its heartbeat (server/idempotency/kassa-processes.ts). */
export interface KassaProcessesTable {
  boot_id: string;
  started_at: string;
  heartbeat_at: string;
}

/** The SMS sink (migration 0008): messages Kassa "sends", read by tests and the console. */
export interface SmsOutboxTable {
  id: string;
  account_id: string;
  session_id: string;
  phone_number: string;
  message: string;
  created_at: string;
}

/** The customer's writes of a session (migration 0022): counted for their rate and event-byte budget (server/view/limit-view-writes.ts). */
export interface SessionViewWritesTable {
  id: string;
  session_id: string;
  created_at: string;
  /** What the write's events store (details and request headers as JSON text), in bytes. */
  bytes: number;
}

/** The account API's tables (issue 10) are declared beside their use cases. */
export interface DB
  extends CustomerTables, WalletTables, TerminalTables, DiscountTables, OrderTables, ConsoleTables, SignInTables {
  accounts: AccountsTable;
  api_clients: ApiClientsTable;
  api_client_grants: ApiClientGrantsTable;
  api_keys: ApiKeysTable;
  server_secrets: ServerSecretsTable;
  signature_secrets: SignatureSecretsTable;
  sessions: SessionsTable;
  session_profiles: SessionProfilesTable;
  sandbox_vault: SandboxVaultTable;
  session_events: SessionEventsTable;
  transactions: TransactionsTable;
  transaction_operations: TransactionOperationsTable;
  gateway_settings: GatewaySettingsTable;
  sandbox_operations: SandboxOperationsTable;
  sandbox_authorizations: SandboxAuthorizationsTable;
  transaction_events: TransactionEventsTable;
  outbox: OutboxTable;
  callback_attempts: CallbackAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  kassa_processes: KassaProcessesTable;
  sms_outbox: SmsOutboxTable;
  session_view_writes: SessionViewWritesTable;
}
