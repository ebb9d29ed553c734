import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../app-context';
import type { OutboxTable } from '../db/schema';
import { inTransaction } from '../db/tx';
import { retryWhileUnavailable } from '../db/unavailable';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { appendSessionEvent } from '../sessions/session-events';
import { loadSession, readSession } from '../sessions/session-repository';
import { findSigningSecret } from '../signature/signature-secrets';
import { readTransaction } from '../payments';
import { toTransactionRecord } from '../payments';
import { toSessionRecord } from '../sessions/session-record';
import { buildCallbackRequest, type CallbackRequest } from './build-callback-request';
import { deliveryTarget, privateCallbacksAllowed } from './callback-url-policy';
import { callbackOptions } from './enqueue-callback';
import { classifyAttempt, MAX_CALLBACK_ATTEMPTS, retryDelayMs } from './retry-policy';

type OutboxRow = Selectable<OutboxTable>;

/** How long a claim keeps other workers off a row: well beyond one attempt (DNS + timeout). */
const leaseMs = (ctx: AppContext) => Math.max(60_000, 2 * ctx.env.KASSA_CALLBACK_TIMEOUT_MS + 10_000);

/**
 * Claims due outbox rows in ONE statement (so it is atomic on both engines; on SQLite it is a write
 * from its first step, so busy_timeout applies between processes):
 *   update outbox set claimed_until, claim_id where id in (select ... for update skip locked) returning *
 * A row is due when it is PENDING, its time has come, no live claim holds it, and no EARLIER
 * callback of the same transaction is still PENDING (delivery in order per transaction; a FAILED
 * one does not block). On PostgreSQL `FOR UPDATE SKIP LOCKED` keeps concurrent workers off each
 * other's rows, and the row re-check under the lock sees a claim committed meanwhile.
 * `claimed_until` lets a dead worker's rows be retaken once the lease has run out.
 */
const claimDue = async (ctx: AppContext, limit: number): Promise<{ rows: OutboxRow[]; claimId: string }> => {
  const { db, engine } = ctx.database;
  const now = nowIso();
  const claimId = uuid();
  let due = db
    .selectFrom('outbox as o')
    .select('o.id')
    .where('o.status', '=', 'PENDING')
    .where('o.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('o.claimed_until', 'is', null), eb('o.claimed_until', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox as p')
            .select(sql<number>`1`.as('one'))
            .whereRef('p.transaction_id', '=', 'o.transaction_id')
            .where('p.status', '=', 'PENDING')
            .whereRef('p.seq', '<', 'o.seq'),
        ),
      ),
    )
    .orderBy('o.next_attempt_at')
    .orderBy('o.seq')
    .limit(limit);
  // A cheap read first: most polls find nothing, and then take no write lock at all.
  if (!(await due.executeTakeFirst())) return { rows: [], claimId };
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ claimed_until: new Date(Date.now() + leaseMs(ctx)).toISOString(), claim_id: claimId })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return { rows, claimId };
};

interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  /** The policy refused the target: the attempt is final whatever the retry policy says. */
  refused: boolean;
  latencyMs: number;
  deliveryId: string;
  startedAt: string;
  /** What went out, signature included (the delivery log's `last_request`); absent when nothing was sent. */
  request?: CallbackRequest;
}

/** One HTTP request over node:http(s), connecting only to the address `lookup` approved. */
const send = (request: CallbackRequest, timeoutMs: number, lookup: LookupFunction): Promise<number> =>
  new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: request.method, headers, lookup, agent: false },
      (res) => {
        res.resume(); // the answer's body is not used; read it so the socket can close
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), timeoutMs);
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });

const attemptDelivery = async (ctx: AppContext, row: OutboxRow): Promise<AttemptResult> => {
  const db = ctx.database.db;
  const deliveryId = uuid();
  const startedAt = nowIso();
  const allowPrivate = privateCallbacksAllowed(ctx.env, row.account_id);
  const target = deliveryTarget(row.url, { allowPrivate });
  if (!target.ok)
    return { statusCode: null, error: `refused: ${target.reason}`, refused: true, latencyMs: 0, deliveryId, startedAt };
  const tx = row.transaction_id
    ? await db.selectFrom('transactions').selectAll().where('id', '=', row.transaction_id).executeTakeFirst()
    : undefined;
  const sessionRow = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', row.session_id)
    .executeTakeFirstOrThrow();
  const secret = await findSigningSecret(db, row.account_id);
  const includeSession = callbackOptions(row.url).includeSession;
  let body: unknown;
  if (row.method === 'POST') {
    if (tx)
      body = await readTransaction(db, toTransactionRecord(tx), includeSession ? ['session'] : [], {
        sessions: ctx.payableSessions,
      });
    else body = includeSession ? { session: await readSession(db, toSessionRecord(sessionRow)) } : {};
  }
  const request = buildCallbackRequest({
    url: row.url,
    accountId: row.account_id,
    sessionId: row.session_id,
    transactionId: row.transaction_id,
    merchantReference: tx?.merchant_reference ?? sessionRow.merchant_reference,
    eventId: row.event_id,
    event: row.event === 'AUTHORIZE' ? undefined : row.event,
    error: row.error ?? undefined,
    time: startedAt,
    deliveryId,
    secret: secret?.secret,
    body,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  const t0 = performance.now();
  const latency = () => Math.round(performance.now() - t0);
  try {
    const statusCode = await send(request, ctx.env.KASSA_CALLBACK_TIMEOUT_MS, target.lookup);
    return { statusCode, error: null, refused: false, latencyMs: latency(), deliveryId, startedAt, request };
  } catch (e) {
    const err = e as Error & { code?: string }; // send() rejects with Errors (node:http's carry `code`)
    if (err.code === 'CALLBACK_URL_REFUSED')
      return {
        statusCode: null,
        error: `refused: ${err.message}`,
        refused: true,
        latencyMs: latency(),
        deliveryId,
        startedAt,
      };
    const reason = err.code === 'TIMEOUT' ? 'timeout' : (err.code ?? err.message);
    return { statusCode: null, error: reason, refused: false, latencyMs: latency(), deliveryId, startedAt, request };
  }
};

const recordAttempt = async (
  ctx: AppContext,
  row: OutboxRow,
  claimId: string,
  result: AttemptResult,
): Promise<void> => {
  const attempt = row.attempts + 1;
  const outcome = result.refused ? 'FAILED' : classifyAttempt(result.statusCode);
  ctx.metrics?.callbackAttempts.inc({ outcome: result.refused ? 'refused' : outcome.toLowerCase() });
  const finalStatus =
    outcome === 'DELIVERED'
      ? 'DELIVERED'
      : outcome === 'FAILED' || attempt - row.series_start >= MAX_CALLBACK_ATTEMPTS
        ? 'FAILED'
        : 'PENDING';
  const now = nowIso();
  await inTransaction(ctx.database, async (trx) => {
    // A write first: on SQLite this takes the write lock at once (busy_timeout applies between processes).
    await trx
      .insertInto('callback_attempts')
      .values({
        id: uuid(),
        outbox_id: row.id,
        delivery_id: result.deliveryId,
        attempt,
        started_at: result.startedAt,
        latency_ms: result.latencyMs,
        status_code: result.statusCode,
        error: result.error,
      })
      .execute();
    const updated = await trx
      .updateTable('outbox')
      .set({
        status: finalStatus,
        attempts: attempt,
        claimed_until: null,
        claim_id: null,
        last_status_code: result.statusCode,
        last_error: result.error,
        last_request: result.request ? JSON.stringify(result.request) : null,
        next_attempt_at:
          finalStatus === 'PENDING'
            ? new Date(
                Date.now() + retryDelayMs(attempt - row.series_start, ctx.env.KASSA_CALLBACK_RETRY_BASE_MS),
              ).toISOString()
            : row.next_attempt_at,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    // Our lease ran out and another worker took the row: it owns the row's state now.
    if (Number(updated.numUpdatedRows) !== 1) return;
    if (finalStatus === 'DELIVERED' && row.event === 'AUTHORIZE' && !row.error) {
      await loadSession(trx, ctx.database, row.session_id, { lock: true });
      await appendSessionEvent(trx, row.session_id, 'AUTH_CALLBACK_SENT', {
        details: { transaction_event_id: row.event_id, event_delivery: result.deliveryId },
      });
    }
  });
};

/** One claimed row: sent, and its answer recorded. */
const deliverRow = async (ctx: AppContext, row: OutboxRow, claimId: string): Promise<void> => {
  const result = await attemptDelivery(ctx, row).catch((e: unknown): AttemptResult => ({
    statusCode: null,
    error: `internal: ${(e as Error).message}` /* attemptDelivery's own failures are Errors */,
    refused: false,
    latencyMs: 0,
    deliveryId: uuid(),
    startedAt: nowIso(),
  }));
  // The request went out: if the database is away, keep the answer and record it once it is back,
  // while the claim is still ours, instead of leaving the row to be sent again after the lease (ADR 022).
  const leaseEnds = row.claimed_until ? Date.parse(row.claimed_until) - 5000 : Date.now();
  await retryWhileUnavailable(() => recordAttempt(ctx, row, claimId, result), leaseEnds);
};

/** Delivers every due callback once and waits for all of them; returns how many were attempted. */
export const deliverDueCallbacks = async (ctx: AppContext, limit = 20): Promise<number> => {
  const { rows, claimId } = await claimDue(ctx, limit);
  await Promise.all(rows.map((row) => deliverRow(ctx, row, claimId)));
  return rows.length;
};

export interface CallbackDeliveries {
  /** Claims as many due callbacks as there are free slots and starts them; returns how many it started. */
  step(): Promise<number>;
  /** Resolves once every delivery in flight has been recorded, or after `withinMs` (unset: no limit). */
  drain(withinMs?: number): Promise<void>;
  /**
   * Gives back the claims of deliveries still in flight (on the way out, issue 37 item 24): another
   * process sends them at once instead of after the claim's lease (60 s or more). Such a callback may
   * then arrive twice, which delivery at least once allows (ADR 005); one left claimed arrived late.
   * Returns how many rows it gave back.
   */
  release(): Promise<number>;
}

/**
 * The callback worker's deliveries, up to `slots` at a time, each on its own: a slow merchant
 * endpoint holds one slot until its timeout, never the others' callbacks. `freed` runs whenever a
 * delivery ends (the worker then claims the next due row at once); `onError` gets a delivery whose
 * answer could not be recorded (its row is sent again once its lease runs out).
 */
export const callbackDeliveries = (
  ctx: AppContext,
  opts: { slots?: number; freed?: () => void; onError: (err: unknown) => void },
): CallbackDeliveries => {
  const slots = opts.slots ?? 20;
  const inFlight = new Set<Promise<void>>();
  // The claim of each row in flight (row id -> claim id): what release() gives back.
  const claimed = new Map<string, string>();
  return {
    async step() {
      const free = slots - inFlight.size;
      if (free <= 0) return 0;
      const { rows, claimId } = await claimDue(ctx, free);
      for (const row of rows) {
        claimed.set(row.id, claimId);
        const delivery: Promise<void> = deliverRow(ctx, row, claimId)
          .catch(opts.onError)
          .finally(() => {
            claimed.delete(row.id);
            inFlight.delete(delivery);
            opts.freed?.();
          });
        inFlight.add(delivery);
      }
      return rows.length;
    },
    async drain(withinMs) {
      const all = (async () => {
        while (inFlight.size > 0) await Promise.all(inFlight);
      })();
      if (withinMs === undefined) return all;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, withinMs))))]);
      clearTimeout(timer);
    },
    async release() {
      const claimIds = [...new Set(claimed.values())];
      if (claimIds.length === 0) return 0;
      // Only rows still under one of our claims: a delivery recorded meanwhile cleared its claim_id.
      const result = await ctx.database.db
        .updateTable('outbox')
        .set({ claimed_until: null, claim_id: null })
        .where('status', '=', 'PENDING')
        .where('claim_id', 'in', claimIds)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
};
