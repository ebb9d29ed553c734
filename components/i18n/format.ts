import { currencyExponent } from '../../domain/money';

// Making an Intl formatter costs far more than using one (a page of amounts made one per amount, and on a slow phone
// that was most of the checkout's start-up): one formatter per locale and currency (or date style), made on first use.
const numberFormats = new Map<string, Intl.NumberFormat | null>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const currencyFormat = (locale: string, currency: string, exponent: number): Intl.NumberFormat | null => {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: exponent,
        maximumFractionDigits: exponent,
      });
    } catch {
      format = null; // a code Intl does not know
    }
    numberFormats.set(key, format);
  }
  return format;
};

/** Money for display in the customer's locale, e.g. 39800 NOK -> "kr 398,00" (nb) or "NOK 398.00" (en). */
export const formatAmount = (minor: number, currency: string, locale: string): string => {
  const exponent = currencyExponent(currency);
  const major = minor / 10 ** exponent;
  return currencyFormat(locale, currency, exponent)?.format(major) ?? `${major.toFixed(exponent)} ${currency}`;
};

/** A date (and time when `withTime`) in the customer's locale. */
export const formatDate = (iso: string, locale: string, withTime = false): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${locale}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    dateFormats.set(key, format);
  }
  return format.format(date);
};
