import type { Address, Customer, OrderItem, ShippingOption, Store } from '../../shared/order-shapes';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { TransactionEventsTable, TransactionStatusColumn, TransactionsTable } from '../../db/schema';
import type { CardSummary } from '../../providers/port';
import { isMinorUnits, minorUnits, type MinorUnits } from '../../../domain/money';
import { parseJson, parseJsonWith, parseOptionalJson } from '../../shared/json-columns';
import type { Lines, TransactionStatus } from '../../../domain/transaction-state';
import type { AppliedGiftCard } from '../../../domain/view-types';
import type { TransactionEventSchema } from '../transactions/transaction-schemas';
import { publicEventError, type PublicEventError } from './event-error';

/**
 * The transaction aggregate's mappers: a stored row becomes a typed record with each JSON column
 * parsed once, here (trust boundary: `server/shared/json-columns.ts`, ADR 014). `lines` is money
 * state that older rows may lack or hold in another shape, so it is checked with zod; the rest was
 * written by Kassa and is parsed as is.
 */
export type TransactionRow = Selectable<TransactionsTable>;

/** Compile-time check: the status column's union and the state machine's are the same list. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusUnionsAgree: Same<TransactionStatusColumn, TransactionStatus> = true;
void statusUnionsAgree;

/** What `transactions.data` holds: the order's parts the transaction keeps, copied at payment time. */
export interface TransactionData {
  /** The order's items (validated by the Order schema when the session was created or updated). */
  items?: (z.infer<typeof OrderItem> & { amount: MinorUnits })[];
  shipping_option?: z.infer<typeof ShippingOption>;
  shipping_address?: z.infer<typeof Address>;
  billing_address?: z.infer<typeof Address>;
  customer?: z.infer<typeof Customer>;
  metadata?: Record<string, unknown>;
  url?: { callback_url?: string; [k: string]: unknown };
  channel?: string;
  platform_type?: 'aggregator' | 'marketplace';
  /** The parts of the amount the order's gift cards pay (the card pays `card_amount`). */
  gift_cards?: AppliedGiftCard[];
  card_amount?: MinorUnits;
  /** The order's store (`order.store`), as the merchant sent it. */
  store?: z.infer<typeof Store>;
  /** `configuration.dynamic_descriptor` of the session (or its profile). */
  dynamic_descriptor?: string;
  /** The shopper's address and browser when they paid (never on a merchant-initiated payment); shown to the merchant only. */
  customer_ip?: string;
  user_agent?: string;
}

/** Stored money: a non-negative integer, typed as minor units (one check, no transform: lines are read on every money operation). */
export const StoredMinorUnits = z.custom<MinorUnits>(
  (v) => typeof v === 'number' && isMinorUnits(v),
  'must be a non-negative integer (minor units)',
);

const LineAmountsSchema = z.object({
  authorized: StoredMinorUnits,
  captured: StoredMinorUnits,
  refunded: StoredMinorUnits,
  pendingCapture: StoredMinorUnits,
  pendingRefund: StoredMinorUnits,
  quantity: z.number().optional(),
  capturedQuantity: z.number().optional(),
  refundedQuantity: z.number().optional(),
  pendingCaptureQuantity: z.number().optional(),
  pendingRefundQuantity: z.number().optional(),
});
const LinesSchema = z.record(z.string(), LineAmountsSchema);

/** The money columns, typed as minor units by the mapper. */
type AmountColumn =
  | 'amount'
  | 'captured_amount'
  | 'refunded_amount'
  | 'voided_amount'
  | 'pending_capture'
  | 'pending_refund'
  | 'pending_void';

export interface TransactionRecord
  extends
    Omit<
      TransactionRow,
      'card' | 'data' | 'lines' | 'owner_boot_id' | 'provider_data' | 'confirm_after' | 'confirm_asks' | AmountColumn
    >,
    Readonly<Record<AmountColumn, MinorUnits>> {
  card?: CardSummary;
  /** The provider's own data of the approved payment (ProviderData), handed back to its later calls. */
  provider_data?: Record<string, unknown>;
  data: TransactionData;
  /** Per order line amounts; undefined until the first operation wrote them. */
  lines?: Lines;
}

/** Column by column (a rest spread of the row cost more than reading it); the type checks that every column is here. */
export const toTransactionRecord = (row: TransactionRow): TransactionRecord => {
  const record: TransactionRecord = {
    id: row.id,
    account_id: row.account_id,
    session_id: row.session_id,
    status: row.status,
    currency: row.currency,
    amount: minorUnits(row.amount),
    captured_amount: minorUnits(row.captured_amount),
    refunded_amount: minorUnits(row.refunded_amount),
    voided_amount: minorUnits(row.voided_amount),
    pending_capture: minorUnits(row.pending_capture),
    pending_refund: minorUnits(row.pending_refund),
    pending_void: minorUnits(row.pending_void),
    payment_product: row.payment_product,
    payment_product_type: row.payment_product_type,
    merchant_reference: row.merchant_reference,
    merchant_reference_2: row.merchant_reference_2,
    data: parseJson<TransactionData>(row.data),
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    payment_token: row.payment_token,
    recurrence_token: row.recurrence_token,
    payment_operation: row.payment_operation,
    final_captured: row.final_captured,
    final_authorization: row.final_authorization,
    card_brand: row.card_brand,
    payout_destination_id: row.payout_destination_id,
    awaiting_customer_until: row.awaiting_customer_until,
    pending_action: row.pending_action,
    action_claim: row.action_claim,
    action_claim_owner: row.action_claim_owner,
    action_claimed_at: row.action_claimed_at,
    provider_reference: row.provider_reference,
  };
  if (row.card != null) record.card = parseJson<CardSummary>(row.card);
  if (row.provider_data != null) record.provider_data = parseJson<Record<string, unknown>>(row.provider_data);
  if (row.lines != null) record.lines = parseJsonWith(LinesSchema, row.lines);
  return record;
};

/** An event row; `transaction_status` may be left out (events older than migration 0029 have none). */
export type TransactionEventRow = Omit<Selectable<TransactionEventsTable>, 'transaction_status'> & {
  transaction_status?: TransactionStatusColumn | null;
};
/** An event row as the view reads it: `request_headers` is selected only when shown. */
export type TransactionEventViewRow = Omit<TransactionEventRow, 'request_headers'> & {
  request_headers?: string | null;
};
export type TransactionEventView = z.infer<typeof TransactionEventSchema>;

/** Keys an event's own columns own: a stored `details` object can never supply or replace them. */
const EVENT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'event',
  'success',
  'amount',
  'items',
  'error',
  'created_at',
  'created_by',
  'request_id',
  'request_headers',
  'transaction_status',
]);

const extraDetails = (text: string | null): Record<string, unknown> => {
  const details = parseOptionalJson<Record<string, unknown>>(text);
  return details ? Object.fromEntries(Object.entries(details).filter(([k]) => !EVENT_KEYS.has(k))) : {};
};

/** The public `event_reference` of a capture or refund: its reference (an auto capture's is `order.event_reference`). */
const eventReference = (details: Record<string, unknown>): { event_reference?: string } => {
  const ref = details.capture_reference ?? details.refund_reference;
  return typeof ref === 'string' ? { event_reference: ref } : {};
};

/** `correlation_request_id`: the public name of `initiate_request_id` (the 202's `event-request-id`); both are shown. */
const correlation = (details: Record<string, unknown>): { correlation_request_id?: string } =>
  typeof details.initiate_request_id === 'string' ? { correlation_request_id: details.initiate_request_id } : {};

/**
 * The transaction event mapper. `details` (initiate_request_id, metadata, retry_policy, ...) is
 * flattened into the event as the API shows it, spread FIRST and without the event's own keys, so
 * `id`, `event`, `success`, `amount`, `created_at` and the rest always come from the event's columns.
 */
export const toTransactionEventView = (e: TransactionEventViewRow, withHeaders: boolean): TransactionEventView => {
  const details = extraDetails(e.details);
  // A failed event's error in the public shape, and its retry policy (event-error.ts, issue 27 item 5).
  const failure = e.error
    ? publicEventError(e.event, parseJson<{ code: string; message: string }>(e.error), details.retry_policy)
    : undefined;
  return {
    ...details,
    ...eventReference(details),
    ...correlation(details),
    ...eventColumns(e, withHeaders, failure?.error),
    ...(failure ? { retry_policy: failure.retry_policy } : {}),
  };
};

const eventColumns = (e: TransactionEventViewRow, withHeaders: boolean, error: PublicEventError | undefined) => ({
  id: e.id,
  event: e.event,
  success: e.success === 1,
  ...(e.amount != null ? { amount: e.amount } : {}),
  ...(e.items ? { items: parseJson<Record<string, unknown>[]>(e.items) } : {}),
  ...(error ? { error } : {}),
  created_at: e.created_at,
  created_by: e.created_by,
  ...(e.request_id ? { request_id: e.request_id } : {}),
  ...(withHeaders && e.request_headers
    ? { request_headers: parseJson<Record<string, string>>(e.request_headers) }
    : {}),
  ...(e.transaction_status ? { transaction_status: e.transaction_status } : {}),
});
