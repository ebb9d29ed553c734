import { describe, expect, it } from 'vitest';
import { installmentPlans } from '../../../domain/installment-plans';

describe('installmentPlans', () => {
  it('offers 3 months interest free with only the notification fees on top', () => {
    const [three] = installmentPlans(52750, 'NOK');
    expect(three).toMatchObject({
      id: '3m',
      type: 'interest_free',
      credit_time: 3,
      annual_interest_rate: 0,
      notification_fee: 3900,
      origination_fee: 0,
    });
    expect(three!.total_amount).toBe(52750 + 3 * 3900);
    expect(three!.monthly_amount).toBe(Math.ceil(52750 / 3) + 3900);
    expect(three!.effective_annual_interest_rate).toBeGreaterThan(0); // the fees cost something
  });

  it('makes every plan add up exactly: the first month plus the others is the total', () => {
    for (const amount of [1, 99, 52750, 1_000_000, 2_147_483_647]) {
      for (const p of installmentPlans(amount, 'NOK')) {
        expect(p.first_monthly_amount + p.monthly_amount * (p.credit_time - 1)).toBe(p.total_amount);
        expect(Number.isInteger(p.monthly_amount) && Number.isInteger(p.total_amount)).toBe(true);
        expect(p.total_amount).toBeGreaterThanOrEqual(amount);
      }
    }
  });

  it('charges interest on the annuities, more in total over 24 months than over 12', () => {
    const [, twelve, twentyFour] = installmentPlans(1_000_000, 'NOK');
    expect(twelve).toMatchObject({
      type: 'annuity',
      credit_time: 12,
      annual_interest_rate: 14.9,
      origination_fee: 9500,
    });
    expect(twelve!.total_amount).toBeGreaterThan(1_000_000 + 9500 + 12 * 3900);
    expect(twentyFour!.total_amount).toBeGreaterThan(twelve!.total_amount);
    expect(twelve!.effective_annual_interest_rate).toBeGreaterThan(14.9);
  });

  it('scales fees to the currency minor unit (JPY has none)', () => {
    const [three] = installmentPlans(30000, 'JPY');
    expect(three!.notification_fee).toBe(39);
  });
});
