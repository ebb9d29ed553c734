import type { Database } from '../server/db/database';
import { ok, payBody, sessionBody, type Answer, type Client } from './harness';

/**
 * One checkout as a shop drives it: create (with an Idempotency-Key), pay (the customer), capture
 * 6000, refund 1000; each step only after the previous one was acknowledged. Every 2xx is remembered
 * so that the soak can check afterwards that it is stored.
 */

export interface Acked {
  /** Sessions created (2xx), by merchant_reference. */
  sessions: Map<string, string>;
  /** Payments acknowledged as authorized: transaction id → session id. */
  authorized: Map<string, string>;
  /** Captures and refunds acknowledged (2xx): the event each added and its amount. */
  operations: { kind: 'CAPTURE' | 'REFUND'; transactionId: string; eventId: string; amount: number }[];
  /** Creates that got no answer (the server died), with their key: retried after the restart. */
  unanswered: { ref: string; key: string; body: unknown }[];
}

export const newAcked = (): Acked => ({ sessions: new Map(), authorized: new Map(), operations: [], unanswered: [] });

const lastEvent = (a: Answer, kind: string): string | undefined =>
  (a.body?.events as { id: string; event: string; success: boolean }[] | undefined)
    ?.filter((e) => e.event === kind && e.success)
    .at(-1)?.id;

export const checkoutFlow = async (
  api: Client,
  customer: Client,
  callbackUrl: string,
  ref: string,
  acked: Acked,
  steps = { capture: 6000, refund: 1000 },
): Promise<void> => {
  const body = sessionBody(ref, callbackUrl);
  const key = `soak-create-${ref}`;
  const created = await api.call('create session', 'POST', '/v1/sessions', body, { 'idempotency-key': key });
  if (created.status === 0) acked.unanswered.push({ ref, key, body });
  if (!ok(created)) return;
  const sid = created.body.id as string;
  acked.sessions.set(ref, sid);
  const paid = await customer.call('pay', 'POST', `/v1/sessions/${sid}/pay`, payBody);
  if (!ok(paid) || paid.body.success !== true) return;
  const tx = paid.body.transaction_id as string;
  acked.authorized.set(tx, sid);
  if (!steps.capture) return;
  const captured = await api.call(
    'capture',
    'POST',
    `/v1/transactions/${tx}/capture`,
    { amount: steps.capture },
    { 'idempotency-key': `soak-capture-${ref}` },
  );
  if (!ok(captured)) return;
  acked.operations.push({
    kind: 'CAPTURE',
    transactionId: tx,
    eventId: lastEvent(captured, 'CAPTURE') ?? '?',
    amount: steps.capture,
  });
  if (!steps.refund) return;
  const refunded = await api.call(
    'refund',
    'POST',
    `/v1/transactions/${tx}/refund`,
    { amount: steps.refund },
    { 'idempotency-key': `soak-refund-${ref}` },
  );
  if (!ok(refunded)) return;
  acked.operations.push({
    kind: 'REFUND',
    transactionId: tx,
    eventId: lastEvent(refunded, 'REFUND') ?? '?',
    amount: steps.refund,
  });
};

/** Every acknowledged request is stored: the sessions, the authorizations, the capture and refund events. */
export const lostAcknowledged = async (database: Database, acked: Acked): Promise<string[]> => {
  const db = database.db;
  const lost: string[] = [];
  const sessions = new Map(
    (await db.selectFrom('sessions').select(['id', 'merchant_reference', 'status', 'transaction_id']).execute()).map(
      (s) => [s.id, s],
    ),
  );
  for (const [ref, sid] of acked.sessions)
    if (sessions.get(sid)?.merchant_reference !== ref) lost.push(`session ${sid} (${ref}) acknowledged, not stored`);
  const txs = new Map(
    (await db.selectFrom('transactions').select(['id', 'status', 'session_id']).execute()).map((t) => [t.id, t]),
  );
  for (const [tx, sid] of acked.authorized) {
    const t = txs.get(tx);
    if (!t || t.session_id !== sid || ['INITIATED', 'DECLINED', 'FAILED'].includes(t.status))
      lost.push(`authorization ${tx} acknowledged, stored as ${t?.status ?? 'nothing'}`);
  }
  const events = new Map(
    (
      await db.selectFrom('transaction_events').select(['id', 'event', 'amount', 'success', 'transaction_id']).execute()
    ).map((e) => [e.id, e]),
  );
  for (const op of acked.operations) {
    const e = events.get(op.eventId);
    if (
      !e ||
      e.event !== op.kind ||
      Number(e.success) !== 1 ||
      e.amount !== op.amount ||
      e.transaction_id !== op.transactionId
    )
      lost.push(`${op.kind} ${op.eventId} on ${op.transactionId} acknowledged, not stored`);
  }
  return lost;
};

/** A create retried with its Idempotency-Key made no second session: one session per merchant_reference (each checkout has its own). */
export const duplicateSessions = async (database: Database): Promise<string[]> => {
  const rows = await database.db.selectFrom('sessions').select(['merchant_reference']).execute();
  const n = new Map<string, number>();
  for (const r of rows) n.set(r.merchant_reference, (n.get(r.merchant_reference) ?? 0) + 1);
  return [...n].filter(([, c]) => c > 1).map(([r, c]) => `${r}: ${c} sessions`);
};
