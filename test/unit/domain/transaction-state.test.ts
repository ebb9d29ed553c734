import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capturable,
  complete,
  decide,
  refundable,
  release,
  reserve,
  statusFromAmounts,
  TRANSACTION_STATUSES,
  type Operation,
  type Reservation,
  type TransactionStatus,
  type TxState,
  decideAuthorizationUpdate,
  zeroAmounts as zero,
  freshLine as line,
  txState as state,
} from '../../support/plain-amounts';

/** A representative transaction for every status, with amounts that agree with it. */
const EXAMPLES: Record<TransactionStatus, TxState> = {
  INITIATED: state('INITIATED'),
  DECLINED: state('DECLINED'),
  FAILED: state('FAILED'),
  UNKNOWN: state('UNKNOWN'),
  ON_HOLD: state('ON_HOLD'),
  AUTHORIZED: state('AUTHORIZED'),
  PARTIALLY_CAPTURED: state('PARTIALLY_CAPTURED', { captured: 400 }),
  CAPTURED: state('CAPTURED', { captured: 1000 }),
  PARTIALLY_CAPTURED_REFUNDED: state('PARTIALLY_CAPTURED_REFUNDED', { captured: 400, refunded: 100 }),
  PARTIALLY_REFUNDED: state('PARTIALLY_REFUNDED', { captured: 1000, refunded: 100 }),
  REFUNDED: state('REFUNDED', { captured: 1000, refunded: 1000 }),
  AUTHORIZATION_VOIDED: state('AUTHORIZATION_VOIDED', { voided: 1000 }),
};

/** Expected answer for 100 of each operation, per status: 'ok' or the refusal code. (Card: void after partial capture allowed.) */
const EXPECTED: Record<TransactionStatus, Record<Operation, string>> = {
  INITIATED: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'TRANSACTION_NOT_REFUNDABLE',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
  DECLINED: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'TRANSACTION_NOT_REFUNDABLE',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
  FAILED: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'TRANSACTION_NOT_REFUNDABLE',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
  UNKNOWN: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'TRANSACTION_NOT_REFUNDABLE',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
  ON_HOLD: { CAPTURE: 'TRANSACTION_NOT_CAPTURABLE', REFUND: 'TRANSACTION_NOT_REFUNDABLE', VOID: 'ok' }, // on hold: authorize it or void it
  AUTHORIZED: { CAPTURE: 'ok', REFUND: 'TRANSACTION_NOT_REFUNDABLE', VOID: 'ok' },
  PARTIALLY_CAPTURED: { CAPTURE: 'ok', REFUND: 'ok', VOID: 'ok' },
  CAPTURED: { CAPTURE: 'TRANSACTION_NOT_CAPTURABLE', REFUND: 'ok', VOID: 'TRANSACTION_NOT_VOIDABLE' },
  PARTIALLY_CAPTURED_REFUNDED: { CAPTURE: 'ok', REFUND: 'ok', VOID: 'ok' },
  PARTIALLY_REFUNDED: { CAPTURE: 'TRANSACTION_NOT_CAPTURABLE', REFUND: 'ok', VOID: 'TRANSACTION_NOT_VOIDABLE' },
  REFUNDED: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'AMOUNT_EXCEEDS_CAPTURED',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
  AUTHORIZATION_VOIDED: {
    CAPTURE: 'TRANSACTION_NOT_CAPTURABLE',
    REFUND: 'TRANSACTION_NOT_REFUNDABLE',
    VOID: 'TRANSACTION_NOT_VOIDABLE',
  },
};

const outcome = (s: TxState, op: Operation, amount = 100) => {
  const d = decide(s, { op, amount });
  return d.ok ? 'ok' : d.code;
};

describe('transaction state machine: every status × every operation', () => {
  for (const status of TRANSACTION_STATUSES) {
    for (const op of ['CAPTURE', 'REFUND', 'VOID'] as Operation[]) {
      it(`${op} on ${status} -> ${EXPECTED[status][op]}`, () => {
        expect(outcome(EXAMPLES[status], op)).toBe(EXPECTED[status][op]);
      });
    }
  }

  it('the example amounts agree with their statuses', () => {
    for (const status of TRANSACTION_STATUSES.filter(
      (s) => !['INITIATED', 'DECLINED', 'FAILED', 'UNKNOWN', 'ON_HOLD'].includes(s),
    )) {
      expect(statusFromAmounts(EXAMPLES[status].amounts)).toBe(status);
    }
  });

  it('a product type without partial void refuses void after a capture', () => {
    expect(outcome({ ...EXAMPLES.PARTIALLY_CAPTURED, supportsPartialVoid: false }, 'VOID')).toBe(
      'TRANSACTION_NOT_VOIDABLE',
    );
  });
});

describe('transaction state machine: rules', () => {
  it('voids a transaction ON_HOLD in full, which ends AUTHORIZATION_VOIDED', () => {
    const d = decide(EXAMPLES.ON_HOLD, { op: 'VOID', amount: 0 });
    expect(d).toMatchObject({ ok: true, reservation: { amount: 1000 } });
    if (!d.ok) return;
    expect(reserve(EXAMPLES.ON_HOLD, d.reservation).status).toBe('ON_HOLD'); // unchanged while the void is in flight
    expect(complete(reserve(EXAMPLES.ON_HOLD, d.reservation), d.reservation).state.status).toBe('AUTHORIZATION_VOIDED');
  });

  it('keeps the quantities an itemized request named, for the event', () => {
    const d = decide(EXAMPLES.AUTHORIZED, {
      op: 'CAPTURE',
      amount: 100,
      items: [
        { line_id: 'a', amount: 100, quantity: 1 },
        { line_id: 'b', amount: 0 },
      ],
    });
    expect(d).toMatchObject({ ok: true, reservation: { lines: { a: 100, b: 0 }, quantities: { a: 1 } } });
  });

  it('voids only the remainder after a partial capture, which settles the transaction', () => {
    const d = decide(EXAMPLES.PARTIALLY_CAPTURED, { op: 'VOID', amount: 0 });
    expect(d).toMatchObject({ ok: true, reservation: { amount: 600 } });
    const done = complete(
      reserve(EXAMPLES.PARTIALLY_CAPTURED, (d as { reservation: Reservation }).reservation),
      (d as { reservation: Reservation }).reservation,
    ).state;
    expect(done.status).toBe('CAPTURED');
    expect(capturable(done.amounts)).toBe(0);
  });

  it('a part capture refunded in full is PARTIALLY_CAPTURED_REFUNDED while the rest can be captured; REFUNDED only when nothing is left', () => {
    const at = (a: Partial<typeof zero>) => statusFromAmounts({ ...zero, ...a });
    expect(at({ captured: 400, refunded: 400 })).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect(at({ captured: 1000, refunded: 400 })).toBe('PARTIALLY_REFUNDED'); // the rest captured after it
    expect(at({ captured: 1000, refunded: 1000 })).toBe('REFUNDED');
    expect(at({ captured: 400, refunded: 400, voided: 600 })).toBe('REFUNDED'); // the rest voided
    expect(at({ captured: 400, refunded: 100, voided: 600 })).toBe('PARTIALLY_REFUNDED');
    // and the refunded part capture still takes a capture
    expect(
      decide(state('PARTIALLY_CAPTURED_REFUNDED', { captured: 400, refunded: 400 }), { op: 'CAPTURE', amount: 600 }).ok,
    ).toBe(true);
  });

  it("named quantities stay within the order line's quantity, counting captures and refunds in flight", () => {
    const withQuantity = state('AUTHORIZED', {}, { lines: { a: { ...line(600), quantity: 2 }, b: line(400) } });
    const capture = (s: TxState, quantity: number, amount = 100) =>
      decide(s, { op: 'CAPTURE', amount, items: [{ line_id: 'a', amount, quantity }] });
    expect(capture(withQuantity, 50)).toMatchObject({ ok: false, code: 'INVALID_ITEMS' });
    const first = capture(withQuantity, 1.5);
    if (!first.ok) throw new Error(first.message);
    const held = reserve(withQuantity, first.reservation);
    expect(capture(held, 1)).toMatchObject({ ok: false, code: 'INVALID_ITEMS' }); // 1.5 in flight, 0.5 left
    expect(capture(held, 0.5).ok).toBe(true);
    expect(capture(release(held, first.reservation), 2).ok).toBe(true); // given back when it fails
    const captured = complete(held, first.reservation).state;
    expect(captured.lines.a).toMatchObject({ capturedQuantity: 1.5, pendingCaptureQuantity: 0 });
    // a line without a quantity takes any; a capture without items names none
    expect(
      decide(captured, { op: 'CAPTURE', amount: 100, items: [{ line_id: 'b', amount: 100, quantity: 99 }] }).ok,
    ).toBe(true);
    const refund = (s: TxState, quantity: number) =>
      decide(s, { op: 'REFUND', amount: 10, items: [{ line_id: 'a', amount: 10, quantity }] });
    const one = refund(captured, 1);
    if (!one.ok) throw new Error(one.message);
    const refunded = complete(reserve(captured, one.reservation), one.reservation).state;
    expect(refund(refunded, 5)).toMatchObject({ ok: false, code: 'INVALID_ITEMS' });
    expect(refund(refunded, 1).ok).toBe(true);
  });

  it('a final capture voids the rest of the authorization and allows no further capture', () => {
    const d = decide(EXAMPLES.AUTHORIZED, { op: 'CAPTURE', amount: 300, finalCapture: true });
    if (!d.ok) throw new Error(d.message);
    const { state: s, voidedByFinalCapture } = complete(reserve(EXAMPLES.AUTHORIZED, d.reservation), d.reservation);
    expect(voidedByFinalCapture).toBe(700);
    expect(s).toMatchObject({ status: 'CAPTURED', finalCaptured: true, amounts: { captured: 300, voided: 700 } });
    expect(outcome(s, 'CAPTURE', 1)).toBe('TRANSACTION_NOT_CAPTURABLE');
  });

  it('a final capture in flight blocks further captures; if it fails, captures reopen', () => {
    const d = decide(EXAMPLES.AUTHORIZED, { op: 'CAPTURE', amount: 300, finalCapture: true });
    if (!d.ok) throw new Error(d.message);
    const held = reserve(EXAMPLES.AUTHORIZED, d.reservation);
    expect(outcome(held, 'CAPTURE', 1)).toBe('TRANSACTION_NOT_CAPTURABLE');
    expect(outcome(release(held, d.reservation), 'CAPTURE', 1)).toBe('ok');
  });

  it('items must exist, be unique, sum to the amount and stay within each line', () => {
    const s = EXAMPLES.AUTHORIZED;
    expect(decide(s, { op: 'CAPTURE', amount: 100, items: [{ line_id: 'zz', amount: 100 }] })).toMatchObject({
      ok: false,
      code: 'INVALID_ITEMS',
    });
    expect(
      decide(s, {
        op: 'CAPTURE',
        amount: 100,
        items: [
          { line_id: 'a', amount: 50 },
          { line_id: 'a', amount: 50 },
        ],
      }),
    ).toMatchObject({ ok: false, code: 'INVALID_ITEMS' });
    expect(decide(s, { op: 'CAPTURE', amount: 100, items: [{ line_id: 'a', amount: 60 }] })).toMatchObject({
      ok: false,
      code: 'INVALID_ITEMS',
    });
    expect(decide(s, { op: 'CAPTURE', amount: 500, items: [{ line_id: 'b', amount: 500 }] })).toMatchObject({
      ok: false,
      code: 'AMOUNT_EXCEEDS_AUTHORIZED',
    });
    expect(decide({ ...s, itemBased: true }, { op: 'CAPTURE', amount: 100 })).toMatchObject({
      ok: false,
      code: 'ITEMS_REQUIRED',
    });
    const d = decide(s, {
      op: 'CAPTURE',
      amount: 500,
      items: [
        { line_id: 'a', amount: 300 },
        { line_id: 'b', amount: 200 },
      ],
    });
    if (!d.ok) throw new Error(d.message);
    const captured = complete(reserve(s, d.reservation), d.reservation).state;
    expect(captured.lines).toMatchObject({ a: { captured: 300 }, b: { captured: 200 } });
    expect(decide(captured, { op: 'REFUND', amount: 250, items: [{ line_id: 'b', amount: 250 }] })).toMatchObject({
      ok: false,
      code: 'AMOUNT_EXCEEDS_CAPTURED',
    });
  });

  it("line ids are the merchant's: `constructor`, `toString` or `__proto__` names a line only when the order has one", () => {
    const named = {
      ...EXAMPLES.AUTHORIZED,
      lines: Object.fromEntries([
        ['constructor', line(600)],
        ['__proto__', line(400)],
      ]),
    };
    const items = [
      { line_id: 'constructor', amount: 600 },
      { line_id: '__proto__', amount: 400 },
    ];
    const d = decide(named, { op: 'CAPTURE', amount: 1000, items });
    if (!d.ok) throw new Error(d.message);
    expect(Object.entries(d.reservation.lines)).toEqual([
      ['constructor', 600],
      ['__proto__', 400],
    ]);
    const captured = complete(reserve(named, d.reservation), d.reservation).state;
    expect(Object.entries(captured.lines).map(([id, l]) => [id, l.captured])).toEqual([
      ['constructor', 600],
      ['__proto__', 400],
    ]);
    for (const lineId of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(
        decide(EXAMPLES.AUTHORIZED, { op: 'CAPTURE', amount: 100, items: [{ line_id: lineId, amount: 100 }] }),
        lineId,
      ).toMatchObject({
        ok: false,
        code: 'INVALID_ITEMS',
        message: `Order line ${lineId} does not exist on this transaction`,
      });
    }
    // an order amount update (pay later) may add lines with such ids; each is a whole new line
    const update = decideAuthorizationUpdate(
      { ...EXAMPLES.AUTHORIZED, itemBased: true },
      {
        amount: 1300,
        items: [
          { line_id: 'a', amount: 600 },
          { line_id: 'b', amount: 400 },
          ...items.map((i) => ({ ...i, amount: 150 })),
        ],
      },
      false,
    );
    if (!update.ok) throw new Error(update.message);
    expect(Object.entries(update.lines)).toEqual([
      ['a', line(600)],
      ['b', line(400)],
      ['constructor', line(150)],
      ['__proto__', line(150)],
    ]);
  });

  it('a capture without items is booked on the lines, so a line can be refunded later', () => {
    const d = decide(EXAMPLES.AUTHORIZED, { op: 'CAPTURE', amount: 800 });
    if (!d.ok) throw new Error(d.message);
    const captured = complete(reserve(EXAMPLES.AUTHORIZED, d.reservation), d.reservation).state;
    expect(captured.lines).toMatchObject({ a: { captured: 600 }, b: { captured: 200 } });
    expect(outcome({ ...captured, lines: captured.lines }, 'REFUND', 600)).toBe('ok');
    expect(decide(captured, { op: 'REFUND', amount: 300, items: [{ line_id: 'b', amount: 300 }] })).toMatchObject({
      ok: false,
      code: 'AMOUNT_EXCEEDS_CAPTURED',
    });
    expect(decide(captured, { op: 'REFUND', amount: 600, items: [{ line_id: 'a', amount: 600 }] })).toMatchObject({
      ok: true,
    });
  });

  it('counts reservations in flight, so concurrent operations cannot exceed the limits', () => {
    const d1 = decide(EXAMPLES.AUTHORIZED, { op: 'CAPTURE', amount: 700 });
    if (!d1.ok) throw new Error();
    const held = reserve(EXAMPLES.AUTHORIZED, d1.reservation);
    expect(outcome(held, 'CAPTURE', 400)).toBe('AMOUNT_EXCEEDS_AUTHORIZED');
    expect(outcome(held, 'VOID')).toBe('OPERATION_IN_PROGRESS');
    expect(release(held, d1.reservation).amounts).toEqual(EXAMPLES.AUTHORIZED.amounts);
  });
});

/** Random interleavings: start operations, then finish them (settle or release) in any order. */
describe('transaction state machine: properties', () => {
  const opArb = fc.record({
    op: fc.constantFrom<Operation>('CAPTURE', 'REFUND', 'VOID'),
    amount: fc.integer({ min: 1, max: 1200 }),
    itemized: fc.boolean(),
    split: fc.integer({ min: 0, max: 100 }),
    finalCapture: fc.boolean(),
    settle: fc.boolean(),
    finishOrder: fc.integer({ min: 0, max: 1000 }),
  });

  const invariants = (s: TxState) => {
    const a = s.amounts;
    for (const v of Object.values(a)) expect(v).toBeGreaterThanOrEqual(0);
    expect(a.captured + a.voided + a.pendingCapture + a.pendingVoid).toBeLessThanOrEqual(a.authorized);
    expect(a.refunded + a.pendingRefund).toBeLessThanOrEqual(a.captured + a.pendingCapture);
    expect(a.refunded).toBeLessThanOrEqual(a.captured);
    expect(refundable(a)).toBeGreaterThanOrEqual(0);
    for (const l of Object.values(s.lines)) {
      expect(l.captured + l.pendingCapture).toBeLessThanOrEqual(l.authorized);
      expect(l.refunded + l.pendingRefund).toBeLessThanOrEqual(l.captured + l.pendingCapture);
      expect(l.refunded).toBeLessThanOrEqual(l.captured);
    }
    const lineCaptured = Object.values(s.lines).reduce((sum, l) => sum + l.captured, 0);
    expect(lineCaptured).toBeLessThanOrEqual(a.captured);
    expect(s.status).toBe(statusFromAmounts(a));
  };

  it('no sequence of capture, refund and void breaks the invariants', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        let s: TxState = state('AUTHORIZED');
        const inFlight: { r: Reservation; settle: boolean; order: number }[] = [];
        for (const o of ops) {
          const items =
            o.itemized && o.op !== 'VOID'
              ? [
                  { line_id: 'a', amount: Math.floor((o.amount * o.split) / 100) },
                  { line_id: 'b', amount: o.amount - Math.floor((o.amount * o.split) / 100) },
                ].filter((i) => i.amount > 0)
              : undefined;
          const d = decide(s, { op: o.op, amount: o.amount, items, finalCapture: o.finalCapture });
          if (d.ok) {
            s = reserve(s, d.reservation);
            inFlight.push({ r: d.reservation, settle: o.settle, order: o.finishOrder });
          }
          invariants(s);
          if (inFlight.length > 2 || o.finishOrder % 2 === 0) {
            inFlight.sort((x, y) => x.order - y.order);
            const next = inFlight.shift();
            if (next) s = next.settle ? complete(s, next.r).state : release(s, next.r);
            invariants(s);
          }
        }
        for (const f of inFlight) s = f.settle ? complete(s, f.r).state : release(s, f.r);
        invariants(s);
        expect(s.amounts.pendingCapture + s.amounts.pendingRefund + s.amounts.pendingVoid).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
