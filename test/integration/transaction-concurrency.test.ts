/**
 * 200 concurrent, conflicting capture / refund / void requests on ONE transaction, split across
 * TWO real server processes (`node --import tsx bin/kassa.ts`) that share one database: the
 * SQLite file (WAL) in a shared KASSA_DATA_DIR, or one PostgreSQL schema when DATABASE_URL is set.
 * Afterwards the amounts must satisfy the invariants and the event log must explain every cent.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { statusFromAmounts } from '../support/plain-amounts';
import { APPROVE_CARD, ApiClient, payBody, type ApiResponse } from '../support/api-client';
import { useTwoProcesses } from '../support/kassa-process';

const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const AUTHORIZED = 100_000;
const LINES = { '1': 60_000, '2': 40_000 } as const;
type LineId = keyof typeof LINES;
const RAMP_MS = Number(process.env.KASSA_CONCURRENCY_RAMP_MS ?? 2);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** mulberry32: a seeded generator, so a failing run can be replayed with KASSA_CONCURRENCY_SEED. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The transactions row, read straight from the shared database (not through the API). */
const storedTransaction = (database: Database, id: string) =>
  database.db
    .selectFrom('transactions')
    .select([
      'status',
      'amount',
      'captured_amount',
      'refunded_amount',
      'voided_amount',
      'pending_capture',
      'pending_refund',
      'pending_void',
      'lines',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const openOperations = async (database: Database, id: string) =>
  (
    await database.db
      .selectFrom('transaction_operations')
      .select('id')
      .where('transaction_id', '=', id)
      .where('status', 'in', ['PENDING', 'ASYNC', 'UNRESOLVED'])
      .execute()
  ).length;

type Kind = 'CAPTURE' | 'REFUND' | 'VOID';
interface Planned {
  kind: Kind;
  body?: Record<string, unknown>;
  /** capture_reference / refund_reference, if any. */
  reference?: string;
  /** The reference is sent more than once (identically or not). */
  repeated: boolean;
}
interface Outcome extends Planned {
  via: number;
  res: ApiResponse;
}

/** The business refusals a conflicting request may legitimately get. */
const OK_400 = new Set([
  'TRANSACTION_NOT_CAPTURABLE',
  'TRANSACTION_NOT_REFUNDABLE',
  'TRANSACTION_NOT_VOIDABLE',
  'AMOUNT_EXCEEDS_AUTHORIZED',
  'AMOUNT_EXCEEDS_CAPTURED',
  'INVALID_ITEMS',
]);
const OK_409 = new Set(['OPERATION_IN_PROGRESS', 'CONFLICT', 'REFERENCE_REUSED']);

/** 200 conflicting requests: captures (some itemized, some final), refunds, voids and repeated references. */
const plan = (rand: () => number): Planned[] => {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  /** About one amount in 12 ends in 02: the sandbox accepts those for later (202). */
  const amount = (lo: number, hi: number) => {
    const n = int(lo, hi);
    return rand() < 1 / 12 ? n - (n % 100) + 2 : n === 2 || n % 100 === 2 ? n + 1 : n;
  };
  const items = (total: number) => {
    const line: LineId = rand() < 0.5 ? '1' : '2';
    if (rand() < 0.5 || total < 2) return [{ line_id: line, amount: total }];
    const first = int(1, total - 1);
    return [
      { line_id: '1', amount: first },
      { line_id: '2', amount: total - first },
    ];
  };
  const capture = (ref: string | undefined, extra: Record<string, unknown> = {}): Planned => {
    const a = amount(200, 2500);
    return {
      kind: 'CAPTURE',
      reference: ref,
      repeated: false,
      body: {
        amount: a,
        ...(ref ? { capture_reference: ref } : {}),
        ...(rand() < 0.35 ? { items: items(a) } : {}),
        ...extra,
      },
    };
  };
  const refund = (ref: string | undefined): Planned => {
    const a = amount(100, 3000);
    return {
      kind: 'REFUND',
      reference: ref,
      repeated: false,
      body: {
        amount: a,
        reason: 'concurrency',
        ...(ref ? { refund_reference: ref } : {}),
        ...(rand() < 0.3 ? { items: items(a) } : {}),
      },
    };
  };

  const shuffle = (list: Planned[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  // Sent in this order (all in flight together, see RAMP_MS): captures first (so refunds find
  // something), then captures and refunds mixed, then the voids and final captures among the last
  // refunds. Together the captures ask for about 1.5 times the authorization.
  const early: Planned[] = [];
  const middle: Planned[] = [];
  const tail: Planned[] = [];
  for (let i = 0; i < 100; i++) (i < 60 ? early : middle).push(capture(`cap-${i}`));
  for (let i = 0; i < 10; i++) middle.push(capture(undefined));
  for (let i = 0; i < 55; i++) (i < 40 ? middle : tail).push(refund(`ref-${i}`));
  for (let i = 0; i < 8; i++) tail.push(refund(undefined));
  for (let i = 0; i < 4; i++) tail.push(capture(`final-${i}`, { final_capture: true }));
  for (let i = 0; i < 12; i++) tail.push({ kind: 'VOID', repeated: false });
  // Repeated references: two captures and one refund sent 3 times each with the same body, and
  // one capture reference sent with two different bodies (at most one of them may be accepted).
  for (const [kind, ref] of [
    ['CAPTURE', 'dup-cap-a'],
    ['CAPTURE', 'dup-cap-b'],
    ['REFUND', 'dup-ref-a'],
  ] as const) {
    const p = kind === 'CAPTURE' ? capture(ref) : refund(ref);
    for (let i = 0; i < 3; i++) middle.push({ ...p, repeated: true });
  }
  const c = capture('dup-cap-c');
  middle.push(
    { ...c, repeated: true },
    { ...c, repeated: true, body: { ...c.body, amount: (c.body!.amount as number) + 1, items: undefined } },
  );
  const late = [...shuffle(middle), ...shuffle(tail)];
  const all = [...early, ...late];
  if (all.length !== 200) throw new Error(`planned ${all.length} requests, not 200`);
  return all;
};

const seed = Number(process.env.KASSA_CONCURRENCY_SEED ?? randomBytes(4).readUInt32LE(0));
const two = useTwoProcesses({ KASSA_CALLBACK_POLL_MS: '50' });
const { procs } = two;

describe(`200 concurrent conflicting money operations on one transaction, two server processes on ${ENGINE}`, () => {
  it('never moves more money than authorized or captured, and the event log explains every cent', async () => {
    const started = Date.now();
    const apis = await Promise.all(procs.map((p) => ApiClient.login(p.baseUrl)));
    const created = await apis[0]!.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: {
        amount: AUTHORIZED,
        currency: 'NOK',
        merchant_reference: `conc-${seed}`,
        items: [
          { line_id: '1', description: 'Widget', quantity: 2, amount: LINES['1'], vat_amount: 12_000 },
          { line_id: '2', description: 'Gadget', quantity: 1, amount: LINES['2'], vat_amount: 8_000 },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paid = await new ApiClient(procs[1]!.baseUrl).post(
      `/v1/sessions/${created.body.id}/pay`,
      payBody(APPROVE_CARD),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const txId = paid.body.transaction_id as string;
    expect((await apis[0]!.get(`/v1/transactions/${txId}`)).body.status).toBe('AUTHORIZED');

    // Fire all 200 concurrently, alternating between the two processes. Each request starts
    // RAMP_MS after the one before it, so they arrive roughly in the planned order (captures, then
    // refunds, then voids and final captures) while many are still in flight at once.
    const planned = plan(seeded(seed));
    const fireStart = Date.now();
    let inFlight = 0;
    let maxInFlight = 0;
    const outcomes: Outcome[] = await Promise.all(
      planned.map(async (p, i): Promise<Outcome> => {
        await sleep(i * RAMP_MS);
        const api = apis[i % 2]!;
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        const res = await api
          .post(`/v1/transactions/${txId}/${p.kind.toLowerCase()}`, p.body)
          .catch((e: Error) => ({ status: -1, body: { error: { code: e.message } }, headers: new Headers() }));
        inFlight--;
        return { ...p, via: i % 2, res };
      }),
    );
    const fireMs = Date.now() - fireStart;

    const tally: Record<string, number> = {};
    for (const o of outcomes) {
      const key = `${o.kind} ${o.res.status}${o.res.status >= 400 ? ` ${o.res.body?.error?.code}` : ''}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    const summary = `seed ${seed} on ${ENGINE}: ${JSON.stringify(tally)}`;
    console.log(`${summary}; 200 requests in ${fireMs} ms, up to ${maxInFlight} in flight at once`);

    // Only the tolerated answers; never a 5xx.
    const unexpected = outcomes.filter(
      ({ res }) =>
        !(
          res.status === 200 ||
          res.status === 202 ||
          (res.status === 400 && OK_400.has(res.body?.error?.code)) ||
          (res.status === 409 && OK_409.has(res.body?.error?.code))
        ),
    );
    expect(
      unexpected.map(
        (o) => `${o.kind} via ${o.via}: ${o.res.status} ${JSON.stringify(o.res.body?.error ?? o.res.body)}`,
      ),
      `${summary}\n${procs.map((p) => p.output()).join('\n')}`,
    ).toEqual([]);
    for (const o of outcomes.filter((x) => x.res.status === 202))
      expect(o.res.headers.get('event-request-id')).toBeTruthy();
    // A reference reused with a different body: at most one of the two bodies is ever accepted.
    expect(
      outcomes.filter((o) => o.reference === 'dup-cap-c' && (o.res.status === 200 || o.res.status === 202)).length,
    ).toBeLessThanOrEqual(1);

    // Let operations accepted for later (202) and any other reservation settle.
    await expect
      .poll(() => openOperations(two.reader, txId), { interval: 100, message: 'operations still pending' })
      .toBe(0);

    const tx = (await apis[0]!.get(`/v1/transactions/${txId}`)).body;
    const row = await storedTransaction(two.reader, txId);
    type Ev = {
      event: string;
      success: boolean;
      amount?: number;
      items?: { line_id: string; amount: number }[];
      capture_reference?: string;
      refund_reference?: string;
      reason?: string;
    };
    const events = (tx.events as Ev[]).filter((e) => e.success);
    const sum = (name: string) => events.filter((e) => e.event === name).reduce((s, e) => s + (e.amount ?? 0), 0);
    const captured = sum('CAPTURE');
    const refunded = sum('REFUND');
    const voided = sum('VOID');
    const amounts = {
      authorized: AUTHORIZED,
      captured,
      refunded,
      voided,
      pendingCapture: 0,
      pendingRefund: 0,
      pendingVoid: 0,
    };
    console.log(
      `seed ${seed} on ${ENGINE}, settled: ${JSON.stringify({ captured, refunded, voided, status: tx.status, events: tx.events.length })}; ${Date.now() - started} ms in all`,
    );

    // The invariants, from the event log.
    expect(captured).toBeLessThanOrEqual(AUTHORIZED);
    expect(refunded).toBeLessThanOrEqual(captured);
    expect(captured + voided).toBeLessThanOrEqual(AUTHORIZED);
    // Per line, from the events' items.
    for (const line of Object.keys(LINES) as LineId[]) {
      const perLine = (name: string) =>
        events
          .filter((e) => e.event === name)
          .flatMap((e) => e.items ?? [])
          .filter((i) => i.line_id === line)
          .reduce((s, i) => s + i.amount, 0);
      expect(perLine('CAPTURE'), `line ${line} captured`).toBeLessThanOrEqual(LINES[line]);
      expect(perLine('REFUND'), `line ${line} refunded`).toBeLessThanOrEqual(perLine('CAPTURE'));
      const stored = JSON.parse(row.lines ?? '{}')[line] ?? {
        captured: 0,
        refunded: 0,
        pendingCapture: 0,
        pendingRefund: 0,
      };
      expect(stored, `line ${line} as stored`).toMatchObject({
        captured: perLine('CAPTURE'),
        refunded: perLine('REFUND'),
        pendingCapture: 0,
        pendingRefund: 0,
      });
    }
    // The status agrees with the amounts, through the API and in the row.
    expect(tx.status).toBe(statusFromAmounts(amounts));
    expect(row.status).toBe(tx.status);
    // The event log explains every cent of the stored amounts, and nothing is left reserved.
    expect({
      captured: row.captured_amount,
      refunded: row.refunded_amount,
      voided: row.voided_amount,
      pending: [row.pending_capture, row.pending_refund, row.pending_void].map(Number),
    }).toEqual({
      captured,
      refunded,
      voided,
      pending: [0, 0, 0],
    });
    expect(Number(row.amount)).toBe(AUTHORIZED);
    // Every accepted operation happened exactly once; nothing refused left a trace.
    const accepted = (o: Outcome) => o.res.status === 200 || o.res.status === 202;
    const refOf = (e: Ev) => e.capture_reference ?? e.refund_reference;
    for (const kind of ['CAPTURE', 'REFUND'] as const) {
      const mine = outcomes.filter((o) => o.kind === kind);
      const evs = events.filter((e) => e.event === kind);
      for (const o of mine.filter((x) => x.reference && !x.repeated)) {
        const matching = evs.filter((e) => refOf(e) === o.reference);
        expect(matching.length, `${kind} ${o.reference} answered ${o.res.status}`).toBe(accepted(o) ? 1 : 0);
        if (accepted(o)) expect(matching[0]!.amount).toBe(o.body!.amount);
      }
      // Without a reference: one event per accepted request.
      expect(evs.filter((e) => !refOf(e)).length, `${kind} without reference`).toBe(
        mine.filter((o) => !o.reference && accepted(o)).length,
      );
      // Repeated references: at most one event each, and exactly one if any repetition was accepted.
      for (const ref of new Set(mine.filter((o) => o.repeated).map((o) => o.reference!))) {
        const n = evs.filter((e) => refOf(e) === ref).length;
        expect(n, `${kind} ${ref}`).toBeLessThanOrEqual(1);
        if (mine.some((o) => o.reference === ref && accepted(o))) expect(n, `${kind} ${ref}`).toBe(1);
      }
      expect(
        evs.every((e) => !refOf(e) || mine.some((o) => o.reference === refOf(e))),
        `${kind}: an event no request asked for`,
      ).toBe(true);
    }
    // Voids: one event per accepted void, plus one per final capture that left something to release.
    const voidEvents = events.filter((e) => e.event === 'VOID');
    expect(voidEvents.filter((e) => e.reason !== 'final_capture').length).toBe(
      outcomes.filter((o) => o.kind === 'VOID' && accepted(o)).length,
    );
    expect(voidEvents.filter((e) => e.reason === 'final_capture').length).toBeLessThanOrEqual(1);
    // No failed money event: refusals are answers, not events.
    expect((tx.events as Ev[]).filter((e) => !e.success && ['CAPTURE', 'REFUND', 'VOID'].includes(e.event))).toEqual(
      [],
    );
    // Neither process logged an error (a request's 500 or a background worker's failure).
    const logged = procs.flatMap((p, i) =>
      p
        .output()
        .split('\n')
        .filter((l) => /error|busy|locked|deadlock/i.test(l))
        .map((l) => `${i}: ${l}`),
    );
    expect(logged).toEqual([]);
  });
});
