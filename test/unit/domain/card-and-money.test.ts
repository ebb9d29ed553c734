import { describe, expect, it } from 'vitest';
import { formatMoney, INT32_MAX, isMinorUnits, minorUnits, money } from '../../../domain/money';
import { cardBrand, cardProblems, checkCard, luhnValid, parseExpiry } from '../../../domain/card';
import {
  currencyMismatch,
  itemAmountsContradict,
  missingItems,
  orderAmountMismatch,
  orderTotal,
  shippingOptionNotOffered,
} from '../../../domain/order-rules';
import { validateCard } from '../../../server/providers/validate-card';
import { SANDBOX_CARD } from '../../../server/providers/sandbox/card';
import { SANDBOX_INVOICE } from '../../../server/providers/sandbox/lender';
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
      expect((e as { errors: { path: string }[] }).errors.map((x) => x.path)).toEqual([
        'payment.card.number',
        'payment.card.expiry',
        'payment.card.cvc',
      ]);
    }
  });

  it('returns the problems of a card instead of throwing, one per field, as the page shows them', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(cardProblems({ number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' }, now)).toEqual([
      { field: 'number', code: 'invalid', message: 'This card number is not valid. Check it and try again.' },
      { field: 'expiry', code: 'expired', message: 'This card has expired.' },
      { field: 'cvc', code: 'length', message: 'The security code is 3 digits.' },
    ]);
    expect(cardProblems({ number: '', expiry: '13/30', cvc: '12a' }, now).map((p) => [p.field, p.code])).toEqual([
      ['number', 'required'],
      ['expiry', 'month'],
      ['cvc', 'not_digits'],
    ]);
    expect(cardProblems({ number: '3782 822463 10005', expiry: '06/26', cvc: '1234' }, now)).toEqual([]);
    expect(cardProblems({ number: '378282246310005', expiry: '06/26', cvc: '123' }, now)).toEqual([
      { field: 'cvc', code: 'length', message: 'The security code is 4 digits.' },
    ]);
    const fine = checkCard({ number: '4111-1111-1111-1111', expiry: '07/26', cvc: '123' }, now);
    expect(fine).toEqual({
      ok: true,
      pan: '4111111111111111',
      summary: { brand: 'Visa', masked_pan: '************1111', expiry_date: '07/2026', type: 'Credit' },
    });
    expect(checkCard({ number: '4111111111111111', expiry: '05/26', cvc: '123' }, now)).toMatchObject({
      ok: false,
      problems: [{ field: 'expiry', code: 'expired' }],
    });
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

  it('brands only non-negative integer minor units', () => {
    expect(isMinorUnits(12950)).toBe(true);
    expect(isMinorUnits(129.5)).toBe(false);
    expect(isMinorUnits(-1)).toBe(false);
    expect(minorUnits(0)).toBe(0);
    expect(() => minorUnits(1.5)).toThrow(RangeError);
    expect(money(500, 'NOK')).toEqual({ amount: 500, currency: 'NOK' });
    expect(() => money(500, 'nok')).toThrow(RangeError);
  });
});

describe('order rules', () => {
  const items = [
    { line_id: '1', amount: 300 },
    { line_id: '2', amount: 200 },
  ];

  it('returns a refusal with the API code instead of throwing', () => {
    expect(orderAmountMismatch({ amount: 500, items })).toBeUndefined();
    expect(
      orderAmountMismatch({ amount: 600, items, shipping_option: { id: 's', line_id: 'ship', amount: 100 } }),
    ).toBeUndefined();
    expect(orderAmountMismatch({ amount: 400, items })).toEqual({
      code: 'ORDER_AMOUNT_MISMATCH',
      message: 'order.amount 400 does not equal the items plus shipping (500)',
      errors: [{ path: 'order.amount', message: 'must equal 500' }],
    });
    expect(orderAmountMismatch({ amount: 400 })).toMatchObject({
      code: 'ORDER_AMOUNT_MISMATCH',
      errors: [{ path: 'order.items' }],
    });
  });

  it('order.amount is the items plus shipping less the order-level discount lines, and the items plus shipping fit int32', () => {
    expect(orderAmountMismatch({ amount: 450, items, discount_lines: [{ amount: 50 }, {}] })).toBeUndefined();
    expect(orderAmountMismatch({ amount: 500, items, discount_lines: [{ amount: 50 }] })).toMatchObject({
      message: 'order.amount 500 does not equal the items plus shipping less the order discount lines (450)',
    });
    expect(orderTotal({ items, shipping_option: { amount: 100 }, discount_lines: [{ amount: 50 }] })).toBe(550);
    const huge = [
      { line_id: '1', amount: INT32_MAX },
      { line_id: '2', amount: 100 },
    ];
    expect(orderAmountMismatch({ amount: 100, items: huge, discount_lines: [{ amount: INT32_MAX }] })).toMatchObject({
      code: 'ORDER_AMOUNT_MISMATCH',
      errors: [{ path: 'order.items' }],
    });
  });

  it('an item costs its gross_amount less its own discount lines; the currency stays', () => {
    expect(
      itemAmountsContradict([
        { line_id: '1', amount: 90, gross_amount: 100, discount_lines: [{ amount: 10 }] },
        { line_id: '2', amount: 5 },
      ]),
    ).toBeUndefined();
    expect(
      itemAmountsContradict([{ line_id: '1', amount: 100, gross_amount: 100, discount_lines: [] }]),
    ).toBeUndefined();
    expect(
      itemAmountsContradict([
        { line_id: '1', amount: 100, gross_amount: 100 },
        { line_id: '2', amount: 80, gross_amount: 100, discount_lines: [{ amount: 10 }] },
      ]),
    ).toEqual({
      code: 'ORDER_AMOUNT_MISMATCH',
      message: 'item 2: amount 80 does not equal its gross_amount less its discount_lines (90)',
      errors: [{ path: 'order.items.1.amount', message: 'must equal 90' }],
    });
    expect(currencyMismatch('NOK', 'NOK')).toBeUndefined();
    expect(currencyMismatch('EUR', 'NOK')).toMatchObject({
      code: 'CURRENCY_MISMATCH',
      errors: [{ path: 'order.currency', message: 'must be NOK' }],
    });
  });

  it('needs items for item-based payment types and an offered shipping option', () => {
    // item-based: what the sandbox's products declare
    const itemBased = (type: string) =>
      [SANDBOX_CARD, SANDBOX_INVOICE].find((p) => p.type === type)?.capabilities.itemBased === true;
    expect(missingItems({ amount: 500 }, [{ payment_product_type: 'sandbox.creditcard' }], itemBased)).toBeUndefined();
    expect(missingItems({ amount: 500 }, [{ payment_product_type: 'sandbox.invoice' }], itemBased)).toMatchObject({
      code: 'ITEMS_REQUIRED',
    });
    expect(
      missingItems({ amount: 500, items }, [{ payment_product_type: 'sandbox.invoice' }], itemBased),
    ).toBeUndefined();
    const order = { amount: 600, items, shipping_option: { id: 's', line_id: 'ship', amount: 100 } };
    expect(shippingOptionNotOffered(order, { shipping_options: [{ id: 's', line_id: 'ship' }] })).toBeUndefined();
    expect(shippingOptionNotOffered(order, undefined)).toBeUndefined();
    expect(shippingOptionNotOffered(order, { shipping_options: [{ id: 'other', line_id: 'ship' }] })).toMatchObject({
      code: 'SHIPPING_OPTION_NOT_AVAILABLE',
    });
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
