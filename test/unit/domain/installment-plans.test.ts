import { describe, expect, it } from 'vitest';
import { annualPercentageRate, monthlyRepayments } from '../../../domain/annual-percentage-rate';
import { installmentFees, installmentPlans } from '../../../domain/installment-plans';

const paymentsOf = (p: { first_monthly_amount: number; monthly_amount: number; credit_time: number }) => [
  p.first_monthly_amount,
  ...Array.from({ length: p.credit_time - 1 }, () => p.monthly_amount),
];

describe('installmentFees: the fee fits the amount', () => {
  it('1 % to set up and 0.25 % a month of a small order: NOK 398 pays NOK 3.98 and NOK 1.00 a month', () => {
    expect(installmentFees(39800, 'NOK')).toEqual({ setup: 398, monthly: 100 });
  });

  it('at most NOK 95 to set up and NOK 39 a month (from NOK 9 500 and NOK 15 600)', () => {
    expect(installmentFees(950000, 'NOK')).toEqual({ setup: 9500, monthly: 2375 });
    expect(installmentFees(1560000, 'NOK')).toEqual({ setup: 9500, monthly: 3900 });
    expect(installmentFees(2_147_483_647, 'NOK')).toEqual({ setup: 9500, monthly: 3900 });
    expect(installmentFees(2_147_483_647, 'SEK')).toEqual({ setup: 9500, monthly: 3900 });
  });

  it('other currencies are euro-sized: at most 9.50 and 3.90, in their own minor unit (JPY has none)', () => {
    expect(installmentFees(10_000_00, 'EUR')).toEqual({ setup: 950, monthly: 390 });
    expect(installmentFees(398_00, 'EUR')).toEqual({ setup: 398, monthly: 100 });
    expect(installmentFees(1_000_000, 'JPY')).toEqual({ setup: 10, monthly: 4 });
  });
});

describe('installmentPlans', () => {
  it('NOK 398 (the order the probe saw): pay in 3 without fees; 12 months for NOK 44.83 fees and interest', () => {
    const [three, twelve, twentyFour] = installmentPlans(39800, 'NOK');
    expect(three).toMatchObject({
      id: '3m',
      type: 'interest_free',
      credit_time: 3,
      annual_interest_rate: 0,
      effective_annual_interest_rate: 0,
      origination_fee: 0,
      notification_fee: 0,
      total_amount: 39800,
      monthly_amount: 13266,
      first_monthly_amount: 13268,
    });
    expect(twelve).toMatchObject({
      id: '12m',
      type: 'annuity',
      credit_time: 12,
      annual_interest_rate: 14.9,
      origination_fee: 398,
      notification_fee: 100,
      monthly_amount: 3690,
      first_monthly_amount: 4093,
      total_amount: 44683,
      effective_annual_interest_rate: 24.49,
    });
    expect(twentyFour).toMatchObject({
      monthly_amount: 2027,
      total_amount: 49067,
      effective_annual_interest_rate: 23.33,
    });
  });

  it('the effective rate is the APR of the very payments shown, and more than the nominal rate when there are fees', () => {
    for (const amount of [39800, 52750, 1_000_000, 5_000_000]) {
      for (const p of installmentPlans(amount, 'NOK')) {
        const x = annualPercentageRate(amount, monthlyRepayments(paymentsOf(p)));
        expect(p.effective_annual_interest_rate).toBeCloseTo(x * 100, 2);
        if (p.type === 'annuity') {
          expect(p.effective_annual_interest_rate).toBeGreaterThan(p.annual_interest_rate);
          // credible: a consumer credit's usual range, never the 892 % the old fixed fees gave NOK 398
          expect(p.effective_annual_interest_rate).toBeLessThan(30);
        }
      }
    }
  });

  it('makes every plan add up exactly: the first month plus the others is the total, none negative', () => {
    for (const amount of [1, 2, 99, 52750, 1_000_000, 2_147_483_647]) {
      for (const p of installmentPlans(amount, 'NOK')) {
        expect(p.first_monthly_amount + p.monthly_amount * (p.credit_time - 1)).toBe(p.total_amount);
        expect(Number.isInteger(p.monthly_amount) && Number.isInteger(p.total_amount)).toBe(true);
        expect(p.monthly_amount).toBeGreaterThanOrEqual(0);
        expect(p.first_monthly_amount).toBeGreaterThanOrEqual(p.monthly_amount);
        expect(p.total_amount).toBeGreaterThanOrEqual(amount);
      }
    }
  });

  it('the total is the amount, the interest and the fees: the setup fee once, the monthly fee every month', () => {
    const [, twelve, twentyFour] = installmentPlans(1_000_000, 'NOK');
    expect(twelve).toMatchObject({ origination_fee: 9500, notification_fee: 2500 });
    const interest = twelve!.total_amount - 1_000_000 - 9500 - 12 * 2500;
    // an annuity at 14.9 % a year on NOK 10 000: 12 payments of about NOK 902.11, NOK 825.34 interest
    expect(interest).toBe(82_534);
    expect(twentyFour!.total_amount).toBeGreaterThan(twelve!.total_amount);
  });
});
