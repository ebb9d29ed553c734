import { currencyExponent } from '../../domain/money';

/** Money for display in the customer's locale, e.g. 39800 NOK -> "kr 398,00" (nb) or "NOK 398.00" (en). */
export const formatAmount = (minor: number, currency: string, locale: string): string => {
  const exponent = currencyExponent(currency);
  const major = minor / 10 ** exponent;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(major);
  } catch {
    return `${major.toFixed(exponent)} ${currency}`; // a code Intl does not know
  }
};

/** A date (and time when `withTime`) in the customer's locale. */
export const formatDate = (iso: string, locale: string, withTime = false): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
};
