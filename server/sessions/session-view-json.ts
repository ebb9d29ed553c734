import { compiledOnce } from '../db/compiled-once';
import type { Executor } from '../db/database';
import { joinedRows, splitRows } from '../db/joined-rows';
import { AppError } from '../errors/app-error';
import { parseJson } from '../shared/json-columns';
import type { StoredCustomer } from './session-record';
import { countryOf, visitorOf } from './session-visitor';

/**
 * `GET /v1/sessions/{id}`, the hottest read, as JSON text straight from the stored columns: the
 * JSON columns (url, order, configuration, express, metadata, event details) were written by
 * Kassa with `JSON.stringify` and are spliced in as they are, instead of parsed into objects and
 * stringified again. Only the columns the view shows are read; the stored request headers only
 * when an include asks for them. The text is exactly `JSON.stringify(readSession(...))`, the
 * general mapper every other path uses (checked over generated sessions in
 * test/integration/session-view-json.test.ts).
 */
const VIEW_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'expires_at',
  'url',
  'order_data',
  'customer',
  'configuration',
  'express',
  'metadata',
  'transaction_id',
  'cancelled_at',
  'cancelled_by',
  'payment_operation',
  'platform_type',
] as const;
const EVENT_COLUMNS = ['id', 'name', 'created_at', 'request_id', 'details'] as const;

/**
 * The common case (no header includes) in one statement: the session's view columns and its events
 * as one text (joined-rows.ts); a row that splits otherwise is read again the general way.
 */
const EVENT_FIELDS = ['e.id', 'e.name', 'e.created_at', "coalesce(e.request_id, '')", "coalesce(e.details, '')"];
const viewRowWithEvents = compiledOnce((exec, id: string, accountId: string) =>
  exec
    .selectFrom('sessions')
    .select(VIEW_COLUMNS)
    .select(joinedRows('session_events', 'session_id', 'sessions', EVENT_FIELDS).as('events_text'))
    .where('id', '=', id)
    .where('account_id', '=', accountId),
);
const viewRow = compiledOnce((exec, id: string, accountId: string) =>
  exec.selectFrom('sessions').select(VIEW_COLUMNS).where('id', '=', id).where('account_id', '=', accountId),
);
const viewRowWithHeaders = compiledOnce((exec, id: string, accountId: string) =>
  exec
    .selectFrom('sessions')
    .select([...VIEW_COLUMNS, 'request_headers'])
    .where('id', '=', id)
    .where('account_id', '=', accountId),
);
const eventRows = compiledOnce((exec, sessionId: string) =>
  exec.selectFrom('session_events').select(EVENT_COLUMNS).where('session_id', '=', sessionId).orderBy('seq'),
);
const eventRowsWithHeaders = compiledOnce((exec, sessionId: string) =>
  exec
    .selectFrom('session_events')
    .select([...EVENT_COLUMNS, 'request_headers'])
    .where('session_id', '=', sessionId)
    .orderBy('seq'),
);

type Text = string | null | undefined;
const str = JSON.stringify;
const FALSY_JSON: ReadonlySet<string> = new Set(['null', 'false', '0', '""']);
/** A stored JSON column that `readSession` shows: one whose parsed value is truthy. */
const present = (text: Text): text is string => text != null && !FALSY_JSON.has(text);
const field = (key: string, value: string): string => `,"${key}":${value}`;
/** An optional string column, shown when it is not empty (as `readSession` does). */
const optional = (key: string, value: Text): string => (value ? field(key, str(value)) : '');

/** `customer` without its stored card `tokens` (kept for paying, never returned). */
const customerJson = (text: string): string => {
  const customer = parseJson<StoredCustomer>(text);
  delete customer.tokens;
  return str(customer);
};

interface EventRow {
  id: string;
  name: string;
  created_at: string;
  request_id: Text;
  details: Text;
  request_headers?: Text;
}

const eventJson = (e: EventRow): string =>
  `{"id":${str(e.id)},"name":${str(e.name)},"created_at":${str(e.created_at)}${optional('request_id', e.request_id)}${present(e.details) ? field('details', e.details) : ''}${e.request_headers ? field('request_headers', e.request_headers) : ''}}`;

/** The events of `viewRowWithEvents`, or undefined when a field held a separator after all. */
const splitEvents = (text: string | null): EventRow[] | undefined =>
  splitRows(text, EVENT_FIELDS.length)?.map((f) => ({
    id: f[0]!,
    name: f[1]!,
    created_at: f[2]!,
    request_id: f[3],
    details: f[4] || null,
  })); // '': no details (coalesced in SQL)

/** The merchant's view of a session of `accountId`, as JSON text; `includes` as for `readSession`. */
export const readSessionJson = async (
  exec: Executor,
  id: string,
  accountId: string,
  includes: readonly string[] = [],
): Promise<string> => {
  if (includes.length === 0) {
    const [row] = await viewRowWithEvents(exec, id, accountId);
    if (!row) throw new AppError('SESSION_NOT_FOUND', `Session ${id} was not found`);
    const events = splitEvents(row.events_text);
    if (events) return viewJson(row, events);
  }
  const withInitiatingHeaders = includes.includes('initiating_system_request_headers');
  const [row] = withInitiatingHeaders
    ? await viewRowWithHeaders(exec, id, accountId)
    : await viewRow(exec, id, accountId);
  if (!row) throw new AppError('SESSION_NOT_FOUND', `Session ${id} was not found`);
  const events: EventRow[] = includes.includes('events.request_headers')
    ? await eventRowsWithHeaders(exec, id)
    : await eventRows(exec, id);
  return viewJson(row, events);
};

type ViewRow = Awaited<ReturnType<typeof viewRow>>[number] & { request_headers?: Text };

const viewJson = (row: ViewRow, events: readonly EventRow[]): string => {
  const headers = row.request_headers; // selected only with the include
  return (
    `{"id":${str(row.id)},"created_at":${str(row.created_at)},"updated_at":${str(row.updated_at)},"expires_at":${str(row.expires_at)}` +
    field('url', row.url) +
    field('order', row.order_data) +
    field('country', row.order_data.includes('"country"') ? str(countryOf(parseJson(row.order_data))) : 'null') +
    (present(row.customer) ? field('customer', customerJson(row.customer)) : '') +
    field('configuration', row.configuration) +
    (present(row.express) ? field('express', row.express) : '') +
    (present(row.metadata) ? field('metadata', row.metadata) : '') +
    optional('transaction_id', row.transaction_id) +
    optional('cancelled_at', row.cancelled_at) +
    optional('cancelled_by', row.cancelled_by) +
    optional('payment_operation', row.payment_operation) +
    optional('platform_type', row.platform_type) +
    (headers ? field('initiating_system_request_headers', headers) : '') +
    `,"events":[${events.map(eventJson).join(',')}]` +
    visitorJson(events) +
    '}'
  );
};

/** The latest visitor of the checkout page (session-visitor.ts), after the events as `readSession` puts it. */
const visitorJson = (events: readonly EventRow[]): string => {
  const visitor = visitorOf(events);
  return optional('customer_ip', visitor.customer_ip) + optional('user_agent', visitor.user_agent);
};
