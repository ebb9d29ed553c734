/**
 * The annual percentage rate of charge (APR, "effektiv rente"): the one yearly rate at which what the borrower
 * pays back, interest and every fee included, is worth what was lent when it was lent. The equation of the
 * Consumer Credit Directive (2008/48/EC, Annex I), with the whole credit paid out at the start:
 *
 *     lent = Σ payment_l · (1 + X)^(−years_l)
 *
 * X has no closed form for more than one payment; the present value falls as X grows, so the root is found by
 * bisection, to far below the two decimals the page shows. A month is a twelfth of a year (Annex I, remark c).
 */

/** A payment by the borrower (interest, principal or a fee), `years` after the credit was paid out. */
export interface Repayment {
  years: number;
  amount: number;
}

const presentValue = (repayments: readonly Repayment[], rate: number): number =>
  repayments.reduce((sum, r) => sum + r.amount * (1 + rate) ** -r.years, 0);

/**
 * X, as a fraction (0.1268 is 12.68 %), for `lent` paid out now and the `repayments`. Negative when less is
 * paid back than was lent. A RangeError for no credit or no payments (a bug of the caller, not an input).
 */
export const annualPercentageRate = (lent: number, repayments: readonly Repayment[]): number => {
  if (!(lent > 0)) throw new RangeError(`the credit must be positive, got ${lent}`);
  if (repayments.length === 0 || repayments.some((r) => !(r.years > 0) || !(r.amount >= 0)))
    throw new RangeError('the repayments must be non-negative amounts after the credit is paid out');
  if (!repayments.some((r) => r.amount > 0)) throw new RangeError('nothing is paid back');
  // presentValue(lo) > lent > presentValue(hi): near −100 % every payment is worth a fortune; widen hi until it is not
  let lo = -0.999999;
  let hi = 1;
  while (presentValue(repayments, hi) > lent) {
    lo = hi;
    hi *= 2;
    if (hi > 1e12) return Infinity; // nothing a lender could charge; the caller's numbers are wrong
  }
  for (let i = 0; i < 200 && hi - lo > 1e-13; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(repayments, mid) > lent) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
};

/** `payments[i]` paid i + 1 months after the credit: monthly instalments starting a month after the purchase. */
export const monthlyRepayments = (payments: readonly number[]): Repayment[] =>
  payments.map((amount, i) => ({ years: (i + 1) / 12, amount }));

/** The APR in percent rounded to two decimals (half up, as Annex I remark d asks), for display and the API. */
export const aprPercent = (lent: number, repayments: readonly Repayment[]): number =>
  Math.round(annualPercentageRate(lent, repayments) * 10000 + 1e-9) / 100 + 0; // + 0: never -0
