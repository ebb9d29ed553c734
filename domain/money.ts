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

export const sumAmounts = (amounts: readonly number[]): number => amounts.reduce((a, b) => a + b, 0);

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
