import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { AppError } from '../errors/app-error';
import { addSeconds, nowIso } from '../shared/clock';
import { parseOptionalJson } from '../shared/json-columns';
import { isDatabaseUnavailable } from '../db/unavailable';
import { abandonClaim } from './abandoned-claims';
import { bootIdOf, ownerIsGone } from './kassa-processes';
import { settleIfUnsettled } from './unsettled-claims';

/** A record answers the same key for 48 h (the promise to merchants is at least 24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 48 * 3600;
/**
 * An IN_PROGRESS claim older than this is taken over by a retry whatever its owner: the longest a
 * request may hold its key. A claim whose owning process is dead is free sooner (kassa-processes.ts).
 */
export const IN_PROGRESS_LEASE_SECONDS = 10 * 60;
/** `Retry-After` on 409 IDEMPOTENCY_KEY_IN_PROGRESS: the first request usually ends within it. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 2;
const RETRY_AFTER = { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) };
const inProgress = (message: string) => new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', message, { headers: RETRY_AFTER });
const MAX_CLAIM_ATTEMPTS = 5;

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface IdempotentRequest {
  accountId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/** What `claimIdempotencyKey` found: run the request now (and keep `claimedAt`), or replay the stored response. */
export type Claim =
  { kind: 'claimed'; claimedAt: string; takeover?: boolean } | { kind: 'replay'; response: StoredResponse };

/** JSON with object keys sorted at every level, so key order and whitespace do not change the hash. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** sha256 of method, path, query (sorted) and the canonical body; an empty body counts as `{}`. */
export const requestHash = (
  method: string,
  path: string,
  query: URLSearchParams,
  rawBody: string | undefined,
): string => {
  const sortedQuery = [...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let body = '{}';
  if (rawBody && rawBody.trim() !== '') {
    try {
      body = canonicalJson(JSON.parse(rawBody));
    } catch {
      body = rawBody;
    }
  }
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${new URLSearchParams(sortedQuery).toString()}\n${body}`)
    .digest('hex');
};

/** The IN_PROGRESS record of a claim made at `createdAt` by this process. */
const claimRow = (database: Database, req: IdempotentRequest, createdAt: string) => ({
  account_id: req.accountId,
  idem_key: req.key,
  method: req.method,
  path: req.path,
  request_hash: req.requestHash,
  status: 'IN_PROGRESS' as const,
  response_status: null,
  response_body: null,
  response_headers: null,
  created_at: createdAt,
  completed_at: null,
  expires_at: addSeconds(createdAt, IDEMPOTENCY_TTL_SECONDS),
  resource_id: null,
  owner_boot_id: bootIdOf(database) ?? null,
});

/**
 * Inserts an IN_PROGRESS record for (account, key), owned by this process. If one exists: an
 * expired record, or an IN_PROGRESS one with nothing committed whose process is dead or whose
 * lease ended, is replaced; another request's hash is IDEMPOTENCY_KEY_REUSED; a running first
 * request is IDEMPOTENCY_KEY_IN_PROGRESS (with Retry-After); a completed one is replayed.
 */
export const claimIdempotencyKey = async (database: Database, req: IdempotentRequest): Promise<Claim> => {
  const { db } = database;
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    const now = nowIso();
    const claim = claimRow(database, req, now);
    let inserted;
    try {
      inserted = await db
        .insertInto('idempotency_keys')
        .values(claim)
        .onConflict((oc) => oc.columns(['account_id', 'idem_key']).doNothing())
        .executeTakeFirst();
    } catch (e) {
      // PostgreSQL may still run this insert after we gave up (a silent server that speaks again):
      // such a claim must not keep the key, so it is marked abandoned once the database answers.
      // (SQLite runs in this process: a statement that failed did not happen.)
      if (database.engine === 'postgres' && isDatabaseUnavailable(e))
        abandonClaim(database, req, claim, Date.parse(addSeconds(now, IN_PROGRESS_LEASE_SECONDS)));
      throw e;
    }
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', claimedAt: now };

    const row = await db
      .selectFrom('idempotency_keys as k')
      .leftJoin('kassa_processes as p', 'p.boot_id', 'k.owner_boot_id')
      .selectAll('k')
      .select('p.heartbeat_at as owner_heartbeat_at')
      .where('k.account_id', '=', req.accountId)
      .where('k.idem_key', '=', req.key)
      .executeTakeFirst();
    if (!row) continue; // released or replaced meanwhile: try again
    // A request of this process that ended while the database was away: release, store or abandon it now.
    const ours = (row.owner_boot_id ?? undefined) === bootIdOf(database);
    if (row.status === 'IN_PROGRESS' && ours && (await settleIfUnsettled(database, req, row.created_at))) continue;
    // Nothing committed and its process is dead (killed mid-request), or past its lease: start afresh.
    const free = ownerIsGone(database, row, now) || addSeconds(row.created_at, IN_PROGRESS_LEASE_SECONDS) <= now;
    const abandoned = row.status === 'IN_PROGRESS' && row.resource_id === null && free;
    if (row.expires_at <= now || abandoned) {
      // Only the exact record we read is removed, so two retries cannot both take it over.
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', req.accountId)
        .where('idem_key', '=', req.key)
        .where('created_at', '=', row.created_at)
        .where('status', '=', row.status)
        .execute();
      continue;
    }
    if (row.request_hash !== req.requestHash) {
      const first =
        row.method === req.method && row.path === req.path
          ? `${row.method} ${row.path} with another body or query`
          : `${row.method} ${row.path}`;
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        `This Idempotency-Key was already used for a different request (${first}); use a new key`,
      );
    }
    // The first request committed its change (resource_id is written in that transaction) but its
    // answer was never stored: its process died, or it is finishing. Run again: the use case finds
    // the resource through oncePerKey and answers from it instead of changing anything twice.
    if (row.status === 'IN_PROGRESS' && row.resource_id !== null)
      return { kind: 'claimed', claimedAt: row.created_at, takeover: true };
    if (row.status !== 'COMPLETED') {
      throw inProgress('The first request with this Idempotency-Key is still running; retry later');
    }
    return {
      kind: 'replay',
      response: {
        status: row.response_status ?? 200,
        // The idempotency record's mapper: the body and headers Kassa stored from its own response.
        body: parseOptionalJson<unknown>(row.response_body),
        headers: parseOptionalJson<Record<string, string>>(row.response_headers) ?? {},
      },
    };
  }
  throw inProgress('Another request with this Idempotency-Key is being processed; retry later');
};

/** Stores the response of the claimed request (only our own claim), so later requests with the key replay it. */
export const completeIdempotencyKey = async (
  database: Database,
  req: IdempotentRequest,
  claimedAt: string,
  response: StoredResponse,
): Promise<void> => {
  await database.db
    .updateTable('idempotency_keys')
    .where('account_id', '=', req.accountId)
    .where('idem_key', '=', req.key)
    .where('created_at', '=', claimedAt)
    .where('status', '=', 'IN_PROGRESS')
    .set({
      status: 'COMPLETED',
      response_status: response.status,
      response_body: response.body === undefined ? null : JSON.stringify(response.body),
      response_headers: JSON.stringify(response.headers),
      completed_at: nowIso(),
    })
    .execute();
};

/**
 * Deletes the claim (the request failed in a way worth retrying), so the same key can run again.
 * A claim whose request already committed a change (resource_id) is kept IN_PROGRESS: the retry
 * takes it over at once and answers from that resource.
 */
export const releaseIdempotencyKey = async (
  database: Database,
  req: IdempotentRequest,
  claimedAt: string,
): Promise<void> => {
  await database.db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', req.accountId)
    .where('idem_key', '=', req.key)
    .where('created_at', '=', claimedAt)
    .where('status', '=', 'IN_PROGRESS')
    .where('resource_id', 'is', null)
    .execute();
};
