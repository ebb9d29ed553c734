import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context';
import type { OutboxTable } from '../db/schema';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { appendSessionEvent } from '../sessions/session-events';
import { loadSession } from '../sessions/session-repository';
import { findSigningSecret } from '../signature/signature-secrets';
import { readTransaction } from '../transactions/transaction-repository';
import { buildCallbackRequest } from './build-callback-request';
import { classifyAttempt, MAX_CALLBACK_ATTEMPTS, retryDelayMs } from './retry-policy';

type OutboxRow = Selectable<OutboxTable>;
const CLAIM_MS = 60_000;

/**
 * Claims due outbox rows. On PostgreSQL `FOR UPDATE SKIP LOCKED` keeps concurrent
 * workers off each other's rows; `claimed_until` keeps a row from being taken again
 * while it is in flight, and lets it be retaken if that worker died.
 */
const claimDue = async (ctx: AppContext, limit: number): Promise<OutboxRow[]> =>
  inTransaction(ctx.database, async (trx) => {
    const now = nowIso();
    let q = trx
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (ctx.database.engine === 'postgres') q = q.forUpdate().skipLocked();
    const rows = await q.execute();
    if (rows.length === 0) return [];
    const until = new Date(Date.now() + CLAIM_MS).toISOString();
    await trx.updateTable('outbox').set({ claimed_until: until }).where('id', 'in', rows.map((r) => r.id)).execute();
    return rows;
  });

const attemptDelivery = async (ctx: AppContext, row: OutboxRow): Promise<{ statusCode: number | null; error: string | null; latencyMs: number; deliveryId: string; startedAt: string }> => {
  const db = ctx.database.db;
  const tx = row.transaction_id ? await db.selectFrom('transactions').selectAll().where('id', '=', row.transaction_id).executeTakeFirst() : undefined;
  const session = await db.selectFrom('sessions').select(['merchant_reference']).where('id', '=', row.session_id).executeTakeFirstOrThrow();
  const secret = await findSigningSecret(db, row.account_id);
  const deliveryId = uuid();
  const startedAt = nowIso();
  const request = buildCallbackRequest({
    url: row.url,
    accountId: row.account_id,
    sessionId: row.session_id,
    transactionId: row.transaction_id,
    merchantReference: tx?.merchant_reference ?? session.merchant_reference,
    eventId: row.event_id,
    event: row.event === 'AUTHORIZE' ? undefined : row.event,
    time: startedAt,
    deliveryId,
    secret: secret?.secret,
    body: row.method === 'POST' && tx ? await readTransaction(db, tx) : undefined,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  const t0 = performance.now();
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ctx.env.KASSA_CALLBACK_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { statusCode: res.status, error: null, latencyMs: Math.round(performance.now() - t0), deliveryId, startedAt };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const reason = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.message);
    return { statusCode: null, error: reason, latencyMs: Math.round(performance.now() - t0), deliveryId, startedAt };
  }
};

const recordAttempt = async (ctx: AppContext, row: OutboxRow, result: Awaited<ReturnType<typeof attemptDelivery>>): Promise<void> => {
  const attempt = row.attempts + 1;
  const outcome = classifyAttempt(result.statusCode);
  const finalStatus = outcome === 'DELIVERED' ? 'DELIVERED' : outcome === 'FAILED' || attempt >= MAX_CALLBACK_ATTEMPTS ? 'FAILED' : 'PENDING';
  const now = nowIso();
  await inTransaction(ctx.database, async (trx) => {
    await trx.insertInto('callback_attempts').values({
      id: uuid(), outbox_id: row.id, delivery_id: result.deliveryId, attempt, started_at: result.startedAt,
      latency_ms: result.latencyMs, status_code: result.statusCode, error: result.error,
    }).execute();
    await trx.updateTable('outbox').set({
      status: finalStatus,
      attempts: attempt,
      claimed_until: null,
      last_status_code: result.statusCode,
      last_error: result.error,
      next_attempt_at: finalStatus === 'PENDING' ? new Date(Date.now() + retryDelayMs(attempt, ctx.env.KASSA_CALLBACK_RETRY_BASE_MS)).toISOString() : row.next_attempt_at,
      updated_at: now,
    }).where('id', '=', row.id).execute();
    if (finalStatus === 'DELIVERED' && row.event === 'AUTHORIZE') {
      await loadSession(trx, ctx.database, row.session_id, { lock: true });
      await appendSessionEvent(trx, row.session_id, 'AUTH_CALLBACK_SENT', { details: { transaction_event_id: row.event_id, event_delivery: result.deliveryId } });
    }
  });
};

/** Delivers every due callback once; returns how many were attempted. */
export const deliverDueCallbacks = async (ctx: AppContext, limit = 20): Promise<number> => {
  const rows = await claimDue(ctx, limit);
  await Promise.all(rows.map(async (row) => recordAttempt(ctx, row, await attemptDelivery(ctx, row))));
  return rows.length;
};

export interface CallbackWorker {
  stop(): Promise<void>;
}

/** Polls the outbox inside the server process. Pending rows survive restarts because they live in the database. */
export const startCallbackWorker = (ctx: AppContext, log: (msg: string) => void = console.error): CallbackWorker => {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const loop = async () => {
    while (!stopped) {
      try {
        const n = await deliverDueCallbacks(ctx);
        if (n > 0) continue;
      } catch (e) {
        log(`callback worker: ${(e as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, ctx.env.KASSA_CALLBACK_POLL_MS));
    }
  };
  running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
};
