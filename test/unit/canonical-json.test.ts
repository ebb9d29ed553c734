import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../server/idempotency/idempotency-store';
import { requestHash } from '../../server/payments/store/transaction-operations';

describe('canonicalJson (one implementation for idempotency keys and operation references)', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([3, 1])).not.toBe(canonicalJson([1, 3]));
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('the operation request hash ignores key order, nested too, but not values', () => {
    const a = {
      amount: 100,
      items: [{ line_id: '1', amount: 100 }],
      final: false,
      details: { metadata: { x: '1', y: '2' }, capture_reference: 'r' },
    };
    const b = {
      details: { capture_reference: 'r', metadata: { y: '2', x: '1' } },
      final: false,
      items: [{ amount: 100, line_id: '1' }],
      amount: 100,
    };
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash({ ...a, details: { ...a.details, metadata: { x: '1', y: '3' } } })).not.toBe(requestHash(a));
  });
});
