import { currencyExponent, sumMinor } from './money';

/** A part-payment plan as the lender offers it (amounts in minor units of the order's currency). */
export interface InstallmentPlan {
  id: string;
  type: 'interest_free' | 'annuity';
  /** Months. */
  credit_time: number;
  campaign_fee: number;
  origination_fee: number;
  /** Per monthly invoice. */
  notification_fee: number;
  /** Percent, nominal. */
  annual_interest_rate: number;
  /** Percent, with every fee counted. */
  effective_annual_interest_rate: number;
  total_amount: number;
  monthly_amount: number;
  first_monthly_amount: number;
}

interface Terms {
  id: string;
  months: number;
  /** Percent a year; 0 is interest free. */
  rate: number;
  /** In major units (scaled to the currency's minor unit). */
  originationFee: number;
  notificationFee: number;
}

/** The sandbox lender's offer: 3 months interest free, 12 and 24 months at 14.9 %. */
const TERMS: readonly Terms[] = [
  { id: '3m', months: 3, rate: 0, originationFee: 0, notificationFee: 39 },
  { id: '12m', months: 12, rate: 14.9, originationFee: 95, notificationFee: 39 },
  { id: '24m', months: 24, rate: 14.9, originationFee: 95, notificationFee: 39 },
];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The monthly rate at which the payments are worth `amount` today (bisection; payments[0] is the first month). */
const monthlyRateOf = (amount: number, payments: readonly number[]): number => {
  const presentValue = (r: number) => payments.reduce((sum, p, i) => sum + p / (1 + r) ** (i + 1), 0);
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid) > amount) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
};

/**
 * The plans for `amount` (minor units). Interest and the principal are spread evenly per month,
 * rounded up to the minor unit (the first month takes the difference, so the payments add up
 * exactly to `total_amount`); the origination fee is paid with the first month.
 */
export const installmentPlans = (amount: number, currency: string): InstallmentPlan[] => {
  const unit = 10 ** currencyExponent(currency);
  return TERMS.map((t) => {
    const r = t.rate / 100 / 12;
    const principalAndInterest = r === 0 ? amount : (amount * r * t.months) / (1 - (1 + r) ** -t.months);
    const notification = t.notificationFee * unit;
    const origination = t.originationFee * unit;
    const monthlyCore = Math.ceil(principalAndInterest / t.months);
    const paid = Math.round(principalAndInterest);
    const firstCore = paid - monthlyCore * (t.months - 1);
    const monthly = monthlyCore + notification;
    const first = firstCore + notification + origination;
    const payments = [first, ...Array.from({ length: t.months - 1 }, () => monthly)];
    const total = sumMinor(payments);
    const effective = amount > 0 ? round2(((1 + monthlyRateOf(amount, payments)) ** 12 - 1) * 100) : 0;
    return {
      id: t.id,
      type: t.rate === 0 ? 'interest_free' : 'annuity',
      credit_time: t.months,
      campaign_fee: 0,
      origination_fee: origination,
      notification_fee: notification,
      annual_interest_rate: t.rate,
      effective_annual_interest_rate: effective,
      total_amount: total,
      monthly_amount: monthly,
      first_monthly_amount: first,
    };
  });
};
