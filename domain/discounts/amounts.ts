/** Exact integer arithmetic for minor units: percentages, proportional shares and decimal strings. */
import { currencyExponent, sumMinor } from '../money';

const PERCENT_SCALE = 1_000_000n; // percentages are kept to 4 decimals: 10.5 % is 105000 / 1 000 000 of 100.

/** A percentage (e.g. 10.5) as an exact integer count of millionths of 100. */
const percentMillionths = (percent: number): bigint => BigInt(Math.round(percent * 10_000));

/** percent % of amount, rounded half up, in minor units (amount ≥ 0). */
export const percentOf = (amount: number, percent: number): number => {
  const p = percentMillionths(Math.min(Math.max(percent, 0), 100));
  const scaled = BigInt(amount) * p;
  return Number((scaled * 2n + PERCENT_SCALE) / (PERCENT_SCALE * 2n));
};

/** floor(total * part / whole) and the remainder numerator, exact for any int32 amounts. */
export const share = (total: number, part: number, whole: number): { floor: number; remainder: bigint } => {
  const n = BigInt(total) * BigInt(part);
  const d = BigInt(whole);
  return { floor: Number(n / d), remainder: n % d };
};

/** Minor units as a decimal string with the currency's exponent: 12345 NOK is "123.45". */
export const toDwh = (amount: number, currency: string | undefined): string => {
  const exponent = currency ? currencyExponent(currency) : 2;
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, digits.length - exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(digits.length - exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
};

/** The discounts' sum of amounts (and weights): the one sum helper, `sumMinor`. */
export const sum = (values: readonly number[]): number => sumMinor(values);
