import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '../../components/console/console-api';
import { endsIntention, intendedActions } from '../../components/console/payments/intended-action';

/** Issue 38 item 8: the console's money actions keep one Idempotency-Key per intended action. */
describe("the console's intended money actions", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('keeps the key of an action across its retries, and gives another amount or operation its own', () => {
    const intents = intendedActions(undefined, counter());
    const first = intents.keyFor('tx1', 'capture', { amount: 12000 });
    expect(intents.keyFor('tx1', 'capture', { amount: 12000 })).toBe(first);
    expect(intents.keyFor('tx1', 'capture', { amount: 5000 })).not.toBe(first);
    expect(intents.keyFor('tx1', 'refund', { amount: 12000 })).not.toBe(first);
    expect(intents.keyFor('tx2', 'capture', { amount: 12000 })).not.toBe(first);
  });

  it('a success or a refusal ends the intention: the next try of the same amount is a new action', () => {
    const intents = intendedActions(undefined, counter());
    const first = intents.keyFor('tx1', 'capture', { amount: 12000 });
    intents.end('tx1', 'capture', { amount: 12000 });
    expect(intents.keyFor('tx1', 'capture', { amount: 12000 })).not.toBe(first);
  });

  it('keeps the key in the store it is given (the tab survives a reload)', () => {
    const saved = new Map<string, string>();
    const store = {
      getItem: (n: string) => saved.get(n) ?? null,
      setItem: (n: string, v: string) => void saved.set(n, v),
      removeItem: (n: string) => void saved.delete(n),
    };
    const key = intendedActions(store, counter()).keyFor('tx1', 'void', {});
    expect(intendedActions(store, () => 'other').keyFor('tx1', 'void', {})).toBe(key);
  });

  it('a refusal a retry would repeat ends it; a lost answer, a 5xx, 409 or 429 does not', () => {
    expect(endsIntention(new ConsoleApiError('refused', 400, 'AMOUNT_EXCEEDS_AUTHORIZED'))).toBe(true);
    expect(endsIntention(new ConsoleApiError('gone', 404))).toBe(true);
    for (const status of [408, 409, 429, 500, 502, 503])
      expect(endsIntention(new ConsoleApiError('again', status)), String(status)).toBe(false);
    expect(endsIntention(new TypeError('Failed to fetch'))).toBe(false);
  });
});
