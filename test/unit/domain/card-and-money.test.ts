import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../domain/money';
import { cardBrand, luhnValid, parseExpiry, validateCard } from '../../../domain/card';
import { classifyAttempt, retryDelayMs } from '../../../server/callbacks/retry-policy';

describe('sandbox card validation', () => {
  it('accepts the test cards and keeps only brand, last four digits and expiry', () => {
    const { summary } = validateCard({ number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' });
    expect(summary).toEqual({ brand: 'Visa', masked_pan: '************1111', expiry_date: '12/2039', type: 'Credit' });
    expect(JSON.stringify(summary)).not.toContain('411111');
    expect(luhnValid('4000000000000002')).toBe(true);
  });

  it('names each invalid field', () => {
    try {
      validateCard({ number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' });
      expect.unreachable();
    } catch (e) {
      expect((e as { code: string }).code).toBe('INVALID_CARD');
      expect((e as { errors: { path: string }[] }).errors.map((x) => x.path)).toEqual(['payment.card.number', 'payment.card.expiry', 'payment.card.cvc']);
    }
  });

  it('treats a card as valid through the end of its expiry month', () => {
    expect(parseExpiry('11/26', new Date('2026-11-30T23:00:00Z'))).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('11/26', new Date('2026-12-01T00:00:00Z'))).toBeUndefined();
    expect(parseExpiry('13/30')).toBeUndefined();
  });

  it('detects brands', () => {
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('378282246310005')).toBe('American Express');
  });
});

describe('money', () => {
  it('formats minor units by the currency exponent', () => {
    expect(formatMoney(39800, 'NOK')).toBe('398.00 NOK');
    expect(formatMoney(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMoney(1500, 'JPY')).toBe('1500 JPY');
    expect(formatMoney(1234, 'KWD')).toBe('1.234 KWD');
  });
});

describe('callback retry policy', () => {
  it('retries 5xx, 100-101 and network failures; a 4xx is final', () => {
    expect(classifyAttempt(200)).toBe('DELIVERED');
    expect(classifyAttempt(204)).toBe('DELIVERED');
    expect(classifyAttempt(503)).toBe('RETRY');
    expect(classifyAttempt(101)).toBe('RETRY');
    expect(classifyAttempt(null)).toBe('RETRY');
    expect(classifyAttempt(404)).toBe('FAILED');
  });

  it('backs off exponentially with jitter and a one-hour cap', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(4, 1000, () => 0.5)).toBe(8000);
    expect(retryDelayMs(4, 1000, () => 0)).toBe(6000);
    expect(retryDelayMs(30, 1000, () => 1)).toBe(4_500_000);
  });
});
