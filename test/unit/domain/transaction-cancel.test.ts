import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decide,
  decideAuthorizationUpdate,
  decideCancel,
  itemsSumMismatch,
  TRANSACTION_STATUSES,
  type TransactionStatus,
  type TxState,
  txState as state,
} from '../../support/plain-amounts';

/** What a session's cancel does with its payment, per status: 'void <amount>' or the refusal code. */
const EXPECTED: Record<TransactionStatus, string> = {
  INITIATED: 'TRANSACTION_NOT_VOIDABLE',
  DECLINED: 'TRANSACTION_NOT_VOIDABLE',
  FAILED: 'TRANSACTION_NOT_VOIDABLE',
  UNKNOWN: 'TRANSACTION_NOT_VOIDABLE',
  ON_HOLD: 'void 1000', // the drifted rule: the transaction's void wins (ADR 032)
  AUTHORIZED: 'void 1000',
  PARTIALLY_CAPTURED: 'TRANSACTION_NOT_VOIDABLE', // the void may release the rest; a cancel may not call off a captured payment
  CAPTURED: 'TRANSACTION_NOT_VOIDABLE',
  PARTIALLY_CAPTURED_REFUNDED: 'TRANSACTION_NOT_VOIDABLE',
  PARTIALLY_REFUNDED: 'TRANSACTION_NOT_VOIDABLE',
  REFUNDED: 'TRANSACTION_NOT_VOIDABLE',
  AUTHORIZATION_VOIDED: 'TRANSACTION_NOT_VOIDABLE',
};
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
const answer = (d: ReturnType<typeof decideCancel>) => (d.ok ? `void ${d.reservation.amount}` : d.code);

describe('decideCancel: what a session cancel does with its payment', () => {
  it.each(TRANSACTION_STATUSES)('%s', (status) => {
    expect(answer(decideCancel(EXAMPLES[status]))).toBe(EXPECTED[status]);
  });

  it('with nothing captured it is exactly the void rule; once anything was captured it refuses', () => {
    const amount = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_STATUSES),
        amount,
        amount,
        amount,
        fc.boolean(),
        (status, captured, pendingCapture, pendingVoid, partialVoid) => {
          const s = state(status, { captured, pendingCapture, pendingVoid }, { supportsPartialVoid: partialVoid });
          const cancel = decideCancel(s);
          if (captured > 0) expect(cancel).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_VOIDABLE' });
          else expect(cancel).toEqual(decide(s, { op: 'VOID', amount: 0 }));
        },
      ),
    );
  });
});

describe('"items add up": one rule for operations and authorization updates', () => {
  it('names the sum and the amount when they differ', () => {
    expect(itemsSumMismatch([{ amount: 600 }, { amount: 400 }], 1000)).toBeUndefined();
    expect(itemsSumMismatch([{ amount: 600 }, { amount: 300 }], 1000)).toBe(
      'The items sum to 900, not to the amount 1000',
    );
    expect(itemsSumMismatch([], 0)).toBeUndefined();
  });

  it('a capture and an authorization update refuse the same items with the same message', () => {
    const items = [
      { line_id: 'a', amount: 500 },
      { line_id: 'b', amount: 300 },
    ];
    const capture = decide(state('AUTHORIZED'), { op: 'CAPTURE', amount: 900, items });
    const update = decideAuthorizationUpdate(
      state('AUTHORIZED', { authorized: 800 }),
      { amount: 900, final_authorization: true, items },
      false,
    );
    expect(capture).toMatchObject({ ok: false, code: 'INVALID_ITEMS', message: itemsSumMismatch(items, 900) });
    expect(update).toMatchObject({ ok: false, code: 'INVALID_ITEMS', message: itemsSumMismatch(items, 900) });
  });
});
