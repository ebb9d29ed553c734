import { describe, expect, it } from 'vitest';
import {
  applyCompleted, decide, releaseReservation, reserve, statusFromAmounts, TRANSACTION_STATUSES,
  type Amounts, type Operation, type TransactionStatus,
} from '../../server/transactions/transaction-state';

const base: Amounts = { authorized: 1000, captured: 0, refunded: 0, voided: 0, pendingCapture: 0, pendingRefund: 0, pendingVoid: 0 };
const OPS: Operation[] = ['CAPTURE', 'REFUND', 'VOID'];

describe('transaction state machine', () => {
  it('refuses every money operation on a transaction that is not authorized', () => {
    for (const status of ['INITIATED', 'DECLINED', 'FAILED', 'UNKNOWN', 'ON_HOLD'] as TransactionStatus[]) {
      for (const op of OPS) expect(decide(status, base, op, 100).ok, `${status} ${op}`).toBe(false);
    }
  });

  it('answers every status and operation pair without throwing', () => {
    for (const status of TRANSACTION_STATUSES) for (const op of OPS) expect(() => decide(status, base, op, 1)).not.toThrow();
  });

  it('captures partially and repeatedly up to the authorized amount, then refuses', () => {
    let a = base;
    for (const amount of [300, 300, 400]) {
      const d = decide(statusFromAmounts(a), a, 'CAPTURE', amount);
      expect(d).toEqual({ ok: true, reserve: amount });
      a = applyCompleted(reserve(a, 'CAPTURE', amount), 'CAPTURE', amount);
    }
    expect(statusFromAmounts(a)).toBe('CAPTURED');
    expect(decide('CAPTURED', a, 'CAPTURE', 1)).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_CAPTURABLE' });
  });

  it('counts reservations in flight, so two concurrent captures cannot exceed the authorization', () => {
    const first = reserve(base, 'CAPTURE', 700);
    expect(decide('AUTHORIZED', first, 'CAPTURE', 400)).toMatchObject({ ok: false, code: 'AMOUNT_EXCEEDS_AUTHORIZED' });
    expect(decide('AUTHORIZED', first, 'CAPTURE', 300)).toEqual({ ok: true, reserve: 300 });
    expect(decide('AUTHORIZED', first, 'VOID', 0)).toMatchObject({ ok: false, code: 'OPERATION_IN_PROGRESS' });
    expect(releaseReservation(first, 'CAPTURE', 700)).toEqual(base);
  });

  it('refunds only what was captured and not yet refunded', () => {
    expect(decide('AUTHORIZED', base, 'REFUND', 1)).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_REFUNDABLE' });
    const captured = { ...base, captured: 600 };
    expect(statusFromAmounts(captured)).toBe('PARTIALLY_CAPTURED');
    expect(decide('PARTIALLY_CAPTURED', captured, 'REFUND', 601)).toMatchObject({ ok: false, code: 'AMOUNT_EXCEEDS_CAPTURED' });
    const refunded = applyCompleted(reserve(captured, 'REFUND', 200), 'REFUND', 200);
    expect(statusFromAmounts(refunded)).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect(decide('PARTIALLY_CAPTURED_REFUNDED', reserve(refunded, 'REFUND', 300), 'REFUND', 101)).toMatchObject({ ok: false, code: 'AMOUNT_EXCEEDS_CAPTURED' });
    const all = applyCompleted(reserve(refunded, 'REFUND', 400), 'REFUND', 400);
    expect(statusFromAmounts(all)).toBe('REFUNDED');
  });

  it('derives PARTIALLY_REFUNDED for a fully captured, partly refunded transaction', () => {
    expect(statusFromAmounts({ ...base, captured: 1000, refunded: 1 })).toBe('PARTIALLY_REFUNDED');
  });

  it('voids the whole remaining authorization before capture, and not after', () => {
    const d = decide('AUTHORIZED', base, 'VOID', 0);
    expect(d).toEqual({ ok: true, reserve: 1000 });
    const voided = applyCompleted(reserve(base, 'VOID', 1000), 'VOID', 1000);
    expect(statusFromAmounts(voided)).toBe('AUTHORIZATION_VOIDED');
    expect(decide('AUTHORIZATION_VOIDED', voided, 'CAPTURE', 1)).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_CAPTURABLE' });
    expect(decide('AUTHORIZATION_VOIDED', voided, 'VOID', 0)).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_VOIDABLE' });
    expect(decide('PARTIALLY_CAPTURED', { ...base, captured: 1 }, 'VOID', 0)).toMatchObject({ ok: false, code: 'TRANSACTION_NOT_VOIDABLE' });
  });
});
