import { AppError } from '../errors/app-error';
import { CURRENCY_EXPONENTS } from './currencies';

/** Money is always integer minor units together with its ISO 4217 currency. */
export interface Money {
  readonly amount: number;
  readonly currency: string;
}

export const INT32_MAX = 2_147_483_647;

/** Minor-unit exponent per currency (server/money/currencies.ts); 2 for a code not in the list. */
export const currencyExponent = (currency: string): number => CURRENCY_EXPONENTS[currency.toUpperCase()] ?? 2;

export const isMinorUnits = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

export const money = (amount: number, currency: string): Money => {
  if (!isMinorUnits(amount)) throw new AppError('INVALID_REQUEST', `amount must be a non-negative integer in minor units, got ${amount}`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new AppError('INVALID_REQUEST', `currency must be a 3-letter ISO 4217 code, got ${currency}`);
  return { amount, currency };
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
