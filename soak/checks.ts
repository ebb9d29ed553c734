import type { MinorUnits } from '../domain/money';
import { statusFromAmounts } from '../domain/transaction-state';
import { openDatabase, type Database } from '../server/db/database';
import type { Merchant, SoakDatabase } from './harness';

/** What the soak checks in the stored data once the servers are quiet: each check passes or names what broke it. */

export interface Check {
  name: string;
  failures: string[];
}

export class Checks {
  readonly list: Check[] = [];
  /** `failures` empty: passed. At most 5 examples are kept per check, with the total. */
  add(name: string, failures: string[]) {
    const shown = failures.slice(0, 5);
    if (failures.length > 5) shown.push(`… ${failures.length - 5} more`);
    this.list.push({ name, failures: shown });
  }
  get passed() {
    return this.list.filter((c) => c.failures.length === 0).length;
  }
  get failed() {
    return this.list.length - this.passed;
  }
}

export const openForChecks = (db: SoakDatabase): Promise<Database> =>
  openDatabase({ databaseUrl: db.url, dataDir: db.dataDir });

/** Nothing half-done is left: no payment attempt in flight, no reservation, no pending operation, no pending callback. */
export const unsettled = async (
  database: Database,
): Promise<{ paying: number; initiated: number; reservations: number; operations: number; callbacks: number }> => {
  const db = database.db;
  const n = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  return {
    paying: await n(
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'PAYING')
        .executeTakeFirst() as never,
    ),
    initiated: await n(
      db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'INITIATED')
        .executeTakeFirst() as never,
    ),
    reservations: await n(
      db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) =>
          eb.or([eb('pending_capture', '<>', 0), eb('pending_refund', '<>', 0), eb('pending_void', '<>', 0)]),
        )
        .executeTakeFirst() as never,
    ),
    operations: await n(
      db
        .selectFrom('transaction_operations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', 'in', ['PENDING', 'ASYNC'])
        .executeTakeFirst() as never,
    ),
    callbacks: await n(
      db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst() as never,
    ),
  };
};

const FAILED_STATES = new Set(['INITIATED', 'DECLINED', 'FAILED']);

/**
 * The invariants over every stored transaction, session and callback:
 * captured ≤ authorized, refunded ≤ captured, captured + voided ≤ authorized; each settled amount
 * equals the sum of its successful events; the status follows from the amounts; a session is
 * AUTHORIZED exactly when its transaction is; nothing is half-done; every successful
 * authorization, capture and refund has its callback, delivered (2xx) to the merchant, and the
 * merchant got nothing else. Duplicate deliveries are counted (`duplicates`).
 */
export const checkInvariants = async (
  database: Database,
  merchant: Merchant,
  checks: Checks,
): Promise<{ transactions: number; sessions: number; callbacks: number; duplicates: string[] }> => {
  const db = database.db;
  const txs = await db.selectFrom('transactions').selectAll().execute();
  const events = await db
    .selectFrom('transaction_events')
    .select(['id', 'transaction_id', 'event', 'success', 'amount', 'details'])
    .execute();
  const sessions = await db.selectFrom('sessions').select(['id', 'status', 'transaction_id']).execute();
  const outbox = await db
    .selectFrom('outbox')
    .select(['id', 'event_id', 'event', 'status', 'transaction_id'])
    .execute();
  const byTx = new Map<string, typeof events>();
  for (const e of events) byTx.set(e.transaction_id, [...(byTx.get(e.transaction_id) ?? []), e]);

  const amounts: string[] = [];
  const sums: string[] = [];
  const statuses: string[] = [];
  for (const t of txs) {
    const evs = byTx.get(t.id) ?? [];
    const sum = (kind: string) =>
      evs
        .filter(
          (e) => e.event === kind && Number(e.success) === 1 && !String(e.details ?? '').includes('late_authorization'),
        )
        .reduce((s, e) => s + Number(e.amount ?? 0), 0);
    if (
      t.captured_amount > t.amount ||
      t.refunded_amount > t.captured_amount ||
      t.captured_amount + t.voided_amount > t.amount ||
      t.captured_amount < 0 ||
      t.refunded_amount < 0
    ) {
      amounts.push(
        `${t.id}: amount ${t.amount} captured ${t.captured_amount} refunded ${t.refunded_amount} voided ${t.voided_amount}`,
      );
    }
    if (
      sum('CAPTURE') !== t.captured_amount ||
      sum('REFUND') !== t.refunded_amount ||
      sum('VOID') !== t.voided_amount
    ) {
      sums.push(
        `${t.id}: captured ${t.captured_amount}/events ${sum('CAPTURE')}, refunded ${t.refunded_amount}/${sum('REFUND')}, voided ${t.voided_amount}/${sum('VOID')}`,
      );
    }
    if (FAILED_STATES.has(t.status)) {
      if (t.captured_amount || t.refunded_amount || t.voided_amount)
        statuses.push(`${t.id}: ${t.status} with money moved`);
    } else {
      // The stored columns as the state machine reads them (unchecked: this check is what looks for wrong data).
      const m = (n: number) => n as MinorUnits;
      const expected = statusFromAmounts({
        authorized: m(t.amount),
        captured: m(t.captured_amount),
        refunded: m(t.refunded_amount),
        voided: m(t.voided_amount),
        pendingCapture: m(t.pending_capture),
        pendingRefund: m(t.pending_refund),
        pendingVoid: m(t.pending_void),
      });
      if (t.status !== 'ON_HOLD' && t.status !== expected)
        statuses.push(`${t.id}: status ${t.status}, amounts say ${expected}`);
    }
  }
  checks.add('captured ≤ authorized, refunded ≤ captured, captured + voided ≤ authorized', amounts);
  checks.add('settled amounts equal the sum of successful events', sums);
  checks.add('transaction status follows from its amounts', statuses);

  const txById = new Map(txs.map((t) => [t.id, t]));
  const sessionFailures: string[] = [];
  for (const s of sessions) {
    const t = s.transaction_id ? txById.get(s.transaction_id) : undefined;
    const authorized = t !== undefined && !FAILED_STATES.has(t.status);
    if ((s.status === 'AUTHORIZED') !== authorized && s.status !== 'CANCELLED')
      sessionFailures.push(`session ${s.id} ${s.status}, transaction ${t?.id ?? '-'} ${t?.status ?? '-'}`);
  }
  checks.add('a session is AUTHORIZED exactly when its transaction is authorized', sessionFailures);

  const left = await unsettled(database);
  checks.add(
    'no money operation or payment attempt half-done (no PAYING session, INITIATED transaction, reservation, pending operation)',
    Object.entries(left)
      .filter(([k, v]) => k !== 'callbacks' && v > 0)
      .map(([k, v]) => `${v} ${k}`),
  );

  // callbacks: every successful AUTHORIZE / CAPTURE / REFUND / VOID event has an outbox row (the sessions ask for them all)
  const outboxByEvent = new Map(outbox.map((o) => [o.event_id, o]));
  const missingRows = events
    .filter(
      (e) =>
        Number(e.success) === 1 &&
        ['AUTHORIZE', 'CAPTURE', 'REFUND', 'VOID'].includes(e.event) &&
        !String(e.details ?? '').includes('late_authorization'),
    )
    .filter((e) => e.event !== 'AUTHORIZE' || !FAILED_STATES.has(txById.get(e.transaction_id)?.status ?? ''))
    .filter((e) => !outboxByEvent.has(e.id))
    .map((e) => `${e.event} ${e.id} of ${e.transaction_id} has no callback`);
  checks.add('every successful authorization, capture, refund and void has its callback queued', missingRows);
  const perEvent = merchant.perEvent();
  checks.add(
    'every callback delivered (2xx at the merchant), none still pending',
    outbox
      .filter((o) => o.status !== 'DELIVERED' || !perEvent.has(o.event_id))
      .map((o) => `${o.event} ${o.event_id}: ${o.status}, merchant got ${perEvent.get(o.event_id) ?? 0}`),
  );
  checks.add(
    'the merchant got no callback for an event Kassa did not queue',
    [...perEvent.keys()].filter((id) => !outboxByEvent.has(id)).map((id) => `event_id ${id}`),
  );
  const duplicates = [...perEvent.entries()]
    .filter(([, n]) => n > 1)
    .map(([id, n]) => `${outboxByEvent.get(id)?.event ?? '?'} ${id} × ${n}`);
  return { transactions: txs.length, sessions: sessions.length, callbacks: outbox.length, duplicates };
};
