import type { SessionEventName } from './session-events';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { SessionEventsTable, SessionsTable } from '../db/schema';
import { parseJson, parseOptionalJson } from '../shared/json-columns';
import type {
  Configuration,
  Customer,
  Express,
  SessionEventSchema,
  SessionSchema,
  StoredOrder,
  TokenProvider,
} from './session-schemas';

/**
 * The session aggregate's one mapper: a stored row becomes a typed record, each JSON column parsed
 * exactly once, here. Use cases read `record.order`, `record.url.callback_url`, ...; they never
 * parse a column themselves. The JSON columns were written by Kassa from validated input, so they
 * are parsed without re-validation (trust boundary: `server/shared/json-columns.ts`, ADR 014).
 */
export type SessionRow = Selectable<SessionsTable>;
type SessionJsonColumns =
  'url' | 'order_data' | 'configuration' | 'customer' | 'express' | 'metadata' | 'token_provider';

export type StoredSessionUrl = SessionView['url'];
export type StoredSessionOrder = z.infer<typeof StoredOrder> & {
  payout_destination_id?: string;
  store?: { payout_destination_id?: string };
  event_reference?: string;
};
export type StoredConfiguration = z.infer<typeof Configuration>;
/** As the merchant sent it, `tokens` included (never returned: see `customerWithoutTokens`). */
export type StoredCustomer = z.infer<typeof Customer>;
export type StoredExpress = z.infer<typeof Express>;
export type StoredTokenProvider = z.infer<typeof TokenProvider>;
type SessionView = z.infer<typeof SessionSchema>;

export interface SessionRecord extends Omit<SessionRow, SessionJsonColumns> {
  url: StoredSessionUrl;
  order: StoredSessionOrder;
  configuration: StoredConfiguration;
  customer?: StoredCustomer;
  express?: StoredExpress;
  metadata?: Record<string, unknown>;
  tokenProvider?: StoredTokenProvider;
  /**
   * `request_headers` (redacted headers of the creating request) stays JSON text: it is the largest
   * column and only the `initiating_system_request_headers` include reads it (`sessionRequestHeaders`),
   * so a plain GET does not pay for parsing it.
   */
}

/** The creating request's redacted headers, parsed on demand. */
export const sessionRequestHeaders = (
  record: Pick<SessionRecord, 'request_headers'>,
): Record<string, string> | undefined => parseOptionalJson<Record<string, string>>(record.request_headers);

/**
 * Column by column (no rest spread): on `GET /v1/sessions/{id}` copying the row with `...columns`
 * cost more than reading it. The type checks that every column is here.
 */
export const toSessionRecord = (row: SessionRow): SessionRecord => {
  const record: SessionRecord = {
    id: row.id,
    account_id: row.account_id,
    merchant_reference: row.merchant_reference,
    currency: row.currency,
    amount: row.amount,
    url: parseJson<StoredSessionUrl>(row.url),
    order: parseJson<StoredSessionOrder>(row.order_data),
    configuration: parseJson<StoredConfiguration>(row.configuration),
    customer_name: row.customer_name,
    expires_at: row.expires_at,
    transaction_id: row.transaction_id,
    status: row.status,
    cancelled_at: row.cancelled_at,
    cancelled_by: row.cancelled_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    kind: row.kind,
    pay_lock_id: row.pay_lock_id,
    payment_operation: row.payment_operation,
    profile_id: row.profile_id,
    request_headers: row.request_headers,
    customer_email: row.customer_email,
    merchant_reference_2: row.merchant_reference_2,
    platform_type: row.platform_type,
    system_plugin_name: row.system_plugin_name,
  };
  if (row.customer != null) record.customer = parseJson<StoredCustomer>(row.customer);
  if (row.express != null) record.express = parseJson<StoredExpress>(row.express);
  if (row.metadata != null) record.metadata = parseJson<Record<string, unknown>>(row.metadata);
  if (row.token_provider != null) record.tokenProvider = parseJson<StoredTokenProvider>(row.token_provider);
  return record;
};

export type SessionEventRow = Selectable<SessionEventsTable>;
export type SessionEventView = z.infer<typeof SessionEventSchema>;

/** The session event mapper: `details` stays nested, so a stored key can never replace `id` or `name`. */
export const toSessionEventView = (e: SessionEventRow, withHeaders: boolean): SessionEventView => {
  const details = parseOptionalJson<Record<string, unknown>>(e.details);
  return {
    id: e.id,
    name: e.name as SessionEventName, // written only by appendSessionEvent, whose names are SESSION_EVENT_NAMES
    created_at: e.created_at,
    ...(e.request_id ? { request_id: e.request_id } : {}),
    ...(details ? { details } : {}),
    ...(withHeaders && e.request_headers
      ? { request_headers: parseJson<Record<string, string>>(e.request_headers) }
      : {}),
  };
};
