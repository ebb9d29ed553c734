import { aprPercent, monthlyRepayments } from './annual-percentage-rate';
import { currencyExponent, sumMinor } from './money';

/** A part-payment plan as the lender offers it (amounts in minor units of the order's currency). */
export interface InstallmentPlan {
  id: string;
  type: 'interest_free' | 'annuity';
  /** Months. */
  credit_time: number;
  campaign_fee: number;
  /** The setup fee, paid with the first instalment. */
  origination_fee: number;
  /** Per monthly invoice. */
  notification_fee: number;
  /** Percent, nominal. */
  annual_interest_rate: number;
  /** Percent, with every fee counted (the APR of the payments: domain/annual-percentage-rate.ts). */
  effective_annual_interest_rate: number;
  /** Everything the shopper pays: the amount, interest and fees. */
  total_amount: number;
  monthly_amount: number;
  first_monthly_amount: number;
}

interface Terms {
  id: string;
  months: number;
  /** Percent a year, nominal; 0 is interest free. */
  rate: number;
  /** Whether the lender charges its fees (below) on this plan. */
  fees: boolean;
}

/** The sandbox lender's offer: pay in 3 months, interest free and without fees; 12 and 24 months at 14.9 %. */
const TERMS: readonly Terms[] = [
  { id: '3m', months: 3, rate: 0, fees: false },
  { id: '12m', months: 12, rate: 14.9, fees: true },
  { id: '24m', months: 24, rate: 14.9, fees: true },
];

/** The fee rule's parts: a share of the amount, at most a cap (major units). */
const SETUP_SHARE = 0.01;
const MONTHLY_SHARE = 0.0025;
const CROWNS = new Set(['NOK', 'SEK', 'DKK']);

/**
 * The fees of a plan with fees, fitted to the amount (minor units): a setup fee of 1 % of the amount, at most
 * 95 (paid with the first instalment), and a monthly fee of 0.25 % of the amount, at most 39 a month (each
 * rounded to the minor unit). The caps are in Nordic crowns (NOK, SEK, DKK); any other currency is taken as
 * euro-sized, with a tenth of them (9.50 and 3.90). So NOK 398 pays NOK 3.98 to set up and NOK 1.00 a month;
 * NOK 20 000 pays NOK 95 and NOK 39 a month.
 */
export const installmentFees = (amount: number, currency: string): { setup: number; monthly: number } => {
  const unit = 10 ** currencyExponent(currency);
  const scale = CROWNS.has(currency.toUpperCase()) ? 1 : 0.1;
  return {
    setup: Math.min(Math.round(amount * SETUP_SHARE), Math.round(95 * scale * unit)),
    monthly: Math.min(Math.round(amount * MONTHLY_SHARE), Math.round(39 * scale * unit)),
  };
};

/**
 * The plans for `amount` (minor units). Interest and the principal are spread evenly per month (an annuity),
 * rounded down to the minor unit (the first month takes the rest, so the payments add up exactly to
 * `total_amount`); the monthly fee is on every instalment and the setup fee on the first. The effective rate is
 * the APR of those payments against the amount lent at the purchase.
 */
export const installmentPlans = (amount: number, currency: string): InstallmentPlan[] => {
  const fees = installmentFees(amount, currency);
  return TERMS.map((t) => {
    const r = t.rate / 100 / 12;
    const principalAndInterest = r === 0 ? amount : (amount * r * t.months) / (1 - (1 + r) ** -t.months);
    const notification = t.fees ? fees.monthly : 0;
    const origination = t.fees ? fees.setup : 0;
    const paid = Math.round(principalAndInterest);
    const monthlyCore = Math.floor(paid / t.months);
    const firstCore = paid - monthlyCore * (t.months - 1);
    const monthly = monthlyCore + notification;
    const first = firstCore + notification + origination;
    const payments = [first, ...Array.from({ length: t.months - 1 }, () => monthly)];
    const total = sumMinor(payments);
    return {
      id: t.id,
      type: t.rate === 0 ? 'interest_free' : 'annuity',
      credit_time: t.months,
      campaign_fee: 0,
      origination_fee: origination,
      notification_fee: notification,
      annual_interest_rate: t.rate,
      effective_annual_interest_rate: amount > 0 ? aprPercent(amount, monthlyRepayments(payments)) : 0,
      total_amount: total,
      monthly_amount: monthly,
      first_monthly_amount: first,
    };
  });
};
