import { describe, expect, it } from 'vitest';
import { annualPercentageRate, aprPercent, monthlyRepayments } from '../../../domain/annual-percentage-rate';

/**
 * The APR equation of the Consumer Credit Directive. The first three cases are the worked examples of Directive
 * 98/7/EC, Annex III A (a calendar year of 365 days), which give the rates to two decimals.
 */
describe('annualPercentageRate', () => {
  it('1 000 lent, 1 200 paid back once after 546 days: 12.96 %', () => {
    expect(aprPercent(1000, [{ years: 546 / 365, amount: 1200 }])).toBe(12.96);
  });

  it('the same with 50 kept back for fees (950 paid out): 16.90 %', () => {
    expect(aprPercent(950, [{ years: 546 / 365, amount: 1200 }])).toBe(16.9);
  });

  it('1 000 lent, 600 paid back after one year and 600 after two: 13.07 % (i = 0.1306623...)', () => {
    const x = annualPercentageRate(1000, [
      { years: 1, amount: 600 },
      { years: 2, amount: 600 },
    ]);
    expect(x).toBeCloseTo(0.1306624, 7);
    expect(
      aprPercent(1000, [
        { years: 1, amount: 600 },
        { years: 2, amount: 600 },
      ]),
    ).toBe(13.07);
  });

  it('an annuity at 1 % a month (12 % nominal) is 12.68 % a year: (1.01)^12 − 1', () => {
    const payment = (10000 * 0.01) / (1 - 1.01 ** -12); // 888.49
    const x = annualPercentageRate(10000, monthlyRepayments(Array.from({ length: 12 }, () => payment)));
    expect(x).toBeCloseTo(1.01 ** 12 - 1, 10);
  });

  it('one payment a year later: the rate is what it adds, e.g. 1 100 for 1 000 is 10 %', () => {
    expect(annualPercentageRate(1000, [{ years: 1, amount: 1100 }])).toBeCloseTo(0.1, 12);
  });

  it('paying back exactly what was lent costs nothing; less is a negative rate', () => {
    expect(aprPercent(300, monthlyRepayments([100, 100, 100]))).toBe(0);
    expect(Object.is(aprPercent(300, monthlyRepayments([100, 100, 100])), -0)).toBe(false);
    expect(annualPercentageRate(1000, [{ years: 1, amount: 900 }])).toBeCloseTo(-0.1, 12);
  });

  it('finds very high rates too (the bracket widens): 200 for 100 after a month is 2^12 − 1', () => {
    expect(annualPercentageRate(100, [{ years: 1 / 12, amount: 200 }])).toBeCloseTo(2 ** 12 - 1, 6);
  });

  it('refuses what is no credit', () => {
    expect(() => annualPercentageRate(0, [{ years: 1, amount: 1 }])).toThrow(RangeError);
    expect(() => annualPercentageRate(100, [])).toThrow(RangeError);
    expect(() => annualPercentageRate(100, [{ years: 0, amount: 100 }])).toThrow(RangeError);
    expect(() => annualPercentageRate(100, [{ years: 1, amount: 0 }])).toThrow(RangeError);
  });

  it('monthly instalments fall due a month apart, the first a month after the purchase', () => {
    expect(monthlyRepayments([5, 6])).toEqual([
      { years: 1 / 12, amount: 5 },
      { years: 2 / 12, amount: 6 },
    ]);
  });
});
