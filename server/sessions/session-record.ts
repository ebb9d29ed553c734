import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { SessionEventsTable, SessionsTable } from '../db/schema';
import { parseJson, parseOptionalJson } from '../shared/json-columns';
import type { Configuration, Customer, Express, SessionEventSchema, SessionSchema, StoredOrder, TokenProvider } from './session-schemas';

/**
 * The session aggregate's one mapper: a stored row becomes a typed record, each JSON column parsed
 * exactly once, here. Use cases read `record.order`, `record.url.callback_url`, ...; they never
 * parse a column themselves. The JSON columns were written by Kassa from validated input, so they
 * are parsed without re-validation (trust boundary: `server/shared/json-columns.ts`, ADR 014).
 */
export type SessionRow = Selectable<SessionsTable>;
type SessionJsonColumns = 'url' | 'order_data' | 'configuration' | 'customer' | 'express' | 'metadata' | 'token_provider';

export type StoredSessionUrl = SessionView['url'];
export type StoredSessionOrder = z.infer<typeof StoredOrder> & { payout_destination_id?: string; store?: { payout_destination_id?: string }; event_reference?: string };
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
export const sessionRequestHeaders = (record: Pick<SessionRecord, 'request_headers'>): Record<string, string> | undefined => parseOptionalJson<Record<string, string>>(record.request_headers);

export const toSessionRecord = (row: SessionRow): SessionRecord => {
  const { url, order_data, configuration, customer, express, metadata, token_provider, ...columns } = row;
  return {
    ...columns,
    url: parseJson<StoredSessionUrl>(url),
    order: parseJson<StoredSessionOrder>(order_data),
    configuration: parseJson<StoredConfiguration>(configuration),
    ...(customer != null ? { customer: parseJson<StoredCustomer>(customer) } : {}),
    ...(express != null ? { express: parseJson<StoredExpress>(express) } : {}),
    ...(metadata != null ? { metadata: parseJson<Record<string, unknown>>(metadata) } : {}),
    ...(token_provider != null ? { tokenProvider: parseJson<StoredTokenProvider>(token_provider) } : {}),
  };
};

export type SessionEventRow = Selectable<SessionEventsTable>;
export type SessionEventView = z.infer<typeof SessionEventSchema>;

/** The session event mapper: `details` stays nested, so a stored key can never replace `id` or `name`. */
export const toSessionEventView = (e: SessionEventRow, withHeaders: boolean): SessionEventView => {
  const details = parseOptionalJson<Record<string, unknown>>(e.details);
  return {
    id: e.id,
    name: e.name,
    created_at: e.created_at,
    ...(e.request_id ? { request_id: e.request_id } : {}),
    ...(details ? { details } : {}),
    ...(withHeaders && e.request_headers ? { request_headers: parseJson<Record<string, string>>(e.request_headers) } : {}),
  };
};
