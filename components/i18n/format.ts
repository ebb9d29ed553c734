import { currencyExponent } from '../../domain/money';

const currencyFormat = (
  locale: string,
  currency: string,
  exponent: number,
  display: 'symbol' | 'code' | 'narrowSymbol',
) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });

const symbolOf = (format: Intl.NumberFormat): string | undefined =>
  format.formatToParts(0).find((p) => p.type === 'currency')?.value;

/**
 * Money for display in the customer's locale, e.g. 39800 NOK -> "kr 398,00" (nb) or "NOK 398.00" (en). A symbol the
 * locale had to qualify to tell it from its own currency's ("Nkr" for NOK in Swedish, "US$" in English) is known
 * to few readers: the ISO code is shown instead ("398,00 NOK", as Danish, Finnish and German show it).
 */
export const formatAmount = (minor: number, currency: string, locale: string): string => {
  const exponent = currencyExponent(currency);
  const major = minor / 10 ** exponent;
  try {
    const symbol = currencyFormat(locale, currency, exponent, 'symbol');
    const qualified = symbolOf(symbol) !== symbolOf(currencyFormat(locale, currency, exponent, 'narrowSymbol'));
    return (qualified ? currencyFormat(locale, currency, exponent, 'code') : symbol).format(major);
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
