import type { Database, Executor } from '../db/database';
import type { SessionStatusColumn } from '../db/schema';
import { compiledOnce, lockableOnce } from '../db/compiled-once';
import { AppError } from '../errors/app-error';
import type { PlatformType, SessionView } from './session-schemas';
import {
  sessionRequestHeaders,
  toSessionEventView,
  toSessionRecord,
  type SessionEventRow,
  type SessionRecord,
  type StoredCustomer,
} from './session-record';

import { countryOf, visitorOf } from './session-visitor';

export type { SessionRecord, SessionRow } from './session-record';

export type SessionStatus = SessionStatusColumn;

// The loaders' queries, built and compiled once per dialect (FOR UPDATE only on PostgreSQL: lockableOnce).
const sessionOfAccount = lockableOnce((exec, id: string, accountId: string) =>
  exec.selectFrom('sessions').selectAll().where('id', '=', id).where('account_id', '=', accountId),
);
const sessionById = lockableOnce((exec, id: string) => exec.selectFrom('sessions').selectAll().where('id', '=', id));
const sessionIdForUpdate = compiledOnce((exec, id: string) =>
  exec.selectFrom('sessions').select('id').where('id', '=', id).forUpdate(),
);
const eventsOfSession = compiledOnce((exec, sessionId: string) =>
  exec.selectFrom('session_events').selectAll().where('session_id', '=', sessionId).orderBy('seq'),
);

/** Loads a session by id, as a typed record; with accountId, another account's session is simply not found. */
export const loadSession = async (
  exec: Executor,
  database: Database,
  id: string,
  opts: { accountId?: string; lock?: boolean } = {},
): Promise<SessionRecord> => {
  const lock = opts.lock === true;
  const [row] = opts.accountId
    ? await sessionOfAccount(exec, database, lock, id, opts.accountId)
    : await sessionById(exec, database, lock, id);
  if (!row) throw new AppError('SESSION_NOT_FOUND', `Session ${id} was not found`);
  return toSessionRecord(row);
};

/**
 * Serializes writers of a session whose state they do not read (appending an event): the row lock
 * on PostgreSQL; nothing on SQLite, where the batch already holds the write lock. The session must exist.
 */
export const lockSessionRow = async (trx: Executor, database: Database, id: string): Promise<void> => {
  if (database.engine !== 'postgres') return;
  const [row] = await sessionIdForUpdate(trx, id);
  if (!row) throw new AppError('SESSION_NOT_FOUND', `Session ${id} was not found`);
};

export const isExpired = (row: { expires_at: string }, now = Date.now()): boolean => Date.parse(row.expires_at) <= now;

/** `customer.tokens` (stored card tokens the merchant sent) are kept for paying, never returned. */
export const customerWithoutTokens = (customer: StoredCustomer | undefined): StoredCustomer | undefined => {
  if (!customer) return undefined;
  const { tokens: _tokens, ...rest } = customer;
  return rest;
};

export const SESSION_INCLUDES = ['events.request_headers', 'initiating_system_request_headers'] as const;
export type SessionInclude = (typeof SESSION_INCLUDES)[number];

/** The merchant's (authenticated) view of a session, with its events. Stored request headers only when asked for. */
export const readSession = async (
  exec: Executor,
  row: SessionRecord,
  includes: readonly string[] = [],
): Promise<SessionView> => {
  const events = await eventsOfSession(exec, row.id);
  return { ...toSessionView(row, events, includes), ...visitorOf(events) };
};

/** The session's newest event only (lists with `includes=events.latest`). */
export const latestSessionEvent = (exec: Executor, sessionId: string): Promise<SessionEventRow[]> =>
  exec
    .selectFrom('session_events')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('seq', 'desc')
    .limit(1)
    .execute();

/** The view of a session with these of its events (in order). */
export const toSessionView = (
  row: SessionRecord,
  events: readonly SessionEventRow[],
  includes: readonly string[] = [],
): SessionView => {
  const withHeaders = includes.includes('events.request_headers');
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    url: row.url,
    order: row.order,
    country: countryOf(row.order),
    ...(row.customer ? { customer: customerWithoutTokens(row.customer) } : {}),
    configuration: row.configuration,
    ...(row.express ? { express: row.express } : {}),
    ...(row.metadata ? { metadata: row.metadata } : {}),
    ...(row.transaction_id ? { transaction_id: row.transaction_id } : {}),
    ...(row.cancelled_at ? { cancelled_at: row.cancelled_at } : {}),
    ...(row.cancelled_by ? { cancelled_by: row.cancelled_by } : {}),
    ...(row.payment_operation ? { payment_operation: row.payment_operation } : {}),
    ...(row.platform_type ? { platform_type: row.platform_type as PlatformType } : {}),
    ...(includes.includes('initiating_system_request_headers') && row.request_headers
      ? { initiating_system_request_headers: sessionRequestHeaders(row) }
      : {}),
    events: events.map((e) => toSessionEventView(e, withHeaders)),
  };
};
