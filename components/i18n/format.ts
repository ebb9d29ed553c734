import { currencyExponent } from '../../domain/money';

// Making an Intl formatter costs far more than using one (a page of amounts made one per amount, and on a slow phone
// that was most of the checkout's start-up): one formatter per locale and currency (or date style), made on first use.
const numberFormats = new Map<string, Intl.NumberFormat | null>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const makeFormat = (locale: string, currency: string, exponent: number, display: 'symbol' | 'code' | 'narrowSymbol') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });

const symbolOf = (format: Intl.NumberFormat): string | undefined =>
  format.formatToParts(0).find((p) => p.type === 'currency')?.value;

type Display = 'symbol' | 'code';
/** How each locale shows each currency, by `locale|currency`: decided once (three formatters), or told by the server. */
const displays = new Map<string, Display>();

/**
 * A symbol the locale had to qualify to tell it from its own currency's ("Nkr" for NOK in Swedish, "US$" in English)
 * is known to few readers: the ISO code is shown instead ("398,00 NOK", as Danish, Finnish and German show it).
 */
const displayOf = (locale: string, currency: string, exponent: number): Display => {
  const key = `${locale}|${currency}`;
  let display = displays.get(key);
  if (!display) {
    const symbol = symbolOf(makeFormat(locale, currency, exponent, 'symbol'));
    display = symbol !== symbolOf(makeFormat(locale, currency, exponent, 'narrowSymbol')) ? 'code' : 'symbol';
    displays.set(key, display);
  }
  return display;
};

/**
 * The display decided for `currency` in `locale`, for the page's props: the browser then makes one formatter instead
 * of three on a slow phone's start-up (ADR 038), and shows amounts exactly as the server rendered them.
 */
export const currencyDisplayFor = (locale: string, currency: string): Record<string, Display> => {
  try {
    return { [`${locale}|${currency}`]: displayOf(locale, currency, currencyExponent(currency)) };
  } catch {
    return {}; // a code Intl does not know: formatAmount falls back to the plain amount
  }
};

/** Takes the displays the server decided (the page's props). */
export const knowCurrencyDisplays = (known: Record<string, string> | undefined): void => {
  for (const [key, display] of Object.entries(known ?? {}))
    if (display === 'symbol' || display === 'code') displays.set(key, display);
};

const currencyFormat = (locale: string, currency: string, exponent: number): Intl.NumberFormat | null => {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = makeFormat(locale, currency, exponent, displayOf(locale, currency, exponent));
    } catch {
      format = null; // a code Intl does not know
    }
    numberFormats.set(key, format);
  }
  return format;
};

/** Money for display in the customer's locale, e.g. 39800 NOK -> "kr 398,00" (nb), "NOK 398.00" (en), "398,00 NOK" (sv). */
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
