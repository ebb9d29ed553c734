import { CURRENCY_EXPONENTS, isCurrencyCode } from './currencies';

declare const minorUnitsBrand: unique symbol;

/**
 * A non-negative integer amount in the currency's minor unit (øre, cents). The brand keeps a
 * major-unit or fractional number from passing for one: make it with `minorUnits` or `isMinorUnits`.
 */
export type MinorUnits = number & { readonly [minorUnitsBrand]: true };

/** Money is always integer minor units together with its ISO 4217 currency. */
export interface Money {
  readonly amount: MinorUnits;
  readonly currency: string;
}

/** Money as a provider is asked for it (the provider port): with the currency's exponent, 2 for NOK, 0 for JPY. */
export interface PricedMoney extends Money {
  readonly exponent: number;
}

export const INT32_MAX = 2_147_483_647;

/** Minor-unit exponent per currency (domain/currencies.ts); 2 for a code not in the list. */
export const currencyExponent = (currency: string): number => CURRENCY_EXPONENTS[currency.toUpperCase()] ?? 2;

export const isMinorUnits = (n: number): n is MinorUnits => Number.isSafeInteger(n) && n >= 0;

/** Brands a number already checked (e.g. by the request schema); a RangeError means a bug, not bad input. */
export const minorUnits = (n: number): MinorUnits => {
  if (!isMinorUnits(n)) throw new RangeError(`amount must be a non-negative integer in minor units, got ${n}`);
  return n;
};

export { isCurrencyCode };

/** Money from checked values; a RangeError means a bug (requests are validated before they get here). */
export const money = (amount: number, currency: string): Money => {
  if (!isCurrencyCode(currency)) throw new RangeError(`currency must be a current ISO 4217 code, got ${currency}`);
  return { amount: minorUnits(amount), currency };
};

/** The amount in `currency` with its exponent (domain/currencies.ts), as every provider call carries it. */
export const priced = (amount: MinorUnits, currency: string): PricedMoney => ({
  amount,
  currency,
  exponent: currencyExponent(currency),
});

/** Zero minor units: the start of a sum, the amount of an operation that names none (a void). */
export const ZERO_MINOR: MinorUnits = minorUnits(0);

/**
 * THE sum of amounts: minor units in, minor units out. Plain numbers (an order's items before they are
 * typed, discount lines) sum the same way, as numbers.
 */
export function sumMinor(values: readonly MinorUnits[]): MinorUnits;
export function sumMinor(values: readonly number[]): number;
export function sumMinor(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

export const addMinor = (a: MinorUnits, b: MinorUnits): MinorUnits => (a + b) as MinorUnits;

/** `a - b`; a RangeError when `b` exceeds `a` (money state going negative is a bug, not bad input). */
export const subtractMinor = (a: MinorUnits, b: MinorUnits): MinorUnits => {
  if (b > a) throw new RangeError(`cannot take ${b} minor units from ${a}`);
  return (a - b) as MinorUnits;
};

/** What is left of `total` after `parts`, or zero when they take all of it or more (a limit, never negative). */
export const remainingMinor = (total: MinorUnits, ...parts: readonly MinorUnits[]): MinorUnits => {
  const left = total - sumMinor(parts);
  return (left > 0 ? left : 0) as MinorUnits;
};

/** Formats minor units for display, e.g. 12950 NOK -> "129.50 NOK". Locale-free for determinism. */
export const formatMoney = (amount: number, currency: string): string => {
  const exp = currencyExponent(currency);
  const negative = amount < 0;
  const abs = Math.abs(amount);
  if (exp === 0) return `${negative ? '-' : ''}${abs} ${currency}`;
  const factor = 10 ** exp;
  const major = Math.floor(abs / factor);
  const minor = String(abs % factor).padStart(exp, '0');
  return `${negative ? '-' : ''}${major}.${minor} ${currency}`;
};
