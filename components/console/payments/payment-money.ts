import { currencyExponent, INT32_MAX } from '../../../domain/money';
import { formatAmount } from '../../i18n/format';

/**
 * The console's money: minor units with their currency's exponent (domain/currencies.ts), shown as
 * "NOK 398.00"; typed amounts are read digit by digit, never through a float.
 */
export const money = (minor: number, currency: string): string => formatAmount(minor, currency, 'en');

/** Minor units as the text a field shows: 39800 NOK -> "398.00", 500 JPY -> "500". */
export const majorText = (minor: number, currency: string): string => {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
};

/**
 * A typed amount ("120", "120.5", "120,50") in minor units of `currency`; undefined when it is not an
 * amount in that currency (more decimals than its exponent, letters, a sign) or exceeds int32.
 */
export const parseMajor = (text: string, currency: string): number | undefined => {
  const exponent = currencyExponent(currency);
  const m = /^(\d{1,10})(?:[.,](\d*))?$/.exec(text.trim().replace(/[\s\u00a0]/g, ''));
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  if (fraction.length > exponent) return undefined;
  const minor = Number(`${m[1]}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(minor) && minor <= INT32_MAX ? minor : undefined;
};

/** Why a typed amount cannot be used for an operation of at most `max`; undefined when it can. */
export const amountProblem = (text: string, currency: string, max: number): string | undefined => {
  const minor = parseMajor(text, currency);
  const exponent = currencyExponent(currency);
  if (minor === undefined)
    return exponent === 0
      ? `Enter a whole amount in ${currency}`
      : `Enter an amount in ${currency}, with at most ${exponent} decimals`;
  if (minor <= 0) return 'Enter an amount above zero';
  if (minor > max) return `At most ${money(max, currency)}`;
  return undefined;
};
