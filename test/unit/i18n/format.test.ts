import { describe, expect, it } from 'vitest';
import { currencyDisplayFor, formatAmount, formatDate, knowCurrencyDisplays } from '../../../components/i18n/format';

describe('the checkout formats amounts and dates in the shopper locale', () => {
  it('formats minor units with the currency exponent, the same on every call (one formatter reused)', () => {
    const first = formatAmount(39800, 'NOK', 'nb');
    expect(first).toBe(new Intl.NumberFormat('nb', { style: 'currency', currency: 'NOK' }).format(398));
    expect(formatAmount(39800, 'NOK', 'nb')).toBe(first);
    expect(formatAmount(1234, 'NOK', 'en')).toBe('NOK\u00a012.34');
    expect(formatAmount(500, 'JPY', 'en')).toBe('¥500');
  });

  it('keeps locales and currencies apart', () => {
    expect(formatAmount(100, 'EUR', 'de')).not.toBe(formatAmount(100, 'EUR', 'en'));
    expect(formatAmount(100, 'SEK', 'en')).not.toBe(formatAmount(100, 'EUR', 'en'));
  });

  it('falls back to the plain amount and code for a currency Intl does not know, every time', () => {
    expect(formatAmount(1050, 'XQQ1', 'en')).toBe('10.50 XQQ1');
    expect(formatAmount(1050, 'XQQ1', 'en')).toBe('10.50 XQQ1');
  });

  it('formats dates with and without the time, and leaves an unreadable date as given', () => {
    const iso = '2026-11-27T12:30:00Z';
    expect(formatDate(iso, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso)));
    expect(formatDate(iso, 'en', true)).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('the currency display the server decides is the one the browser uses', () => {
  it('shows the code where the locale qualifies the symbol (Swedish NOK), the symbol where it does not', () => {
    expect(currencyDisplayFor('sv-SE', 'NOK')).toEqual({ 'sv-SE|NOK': 'code' });
    expect(formatAmount(39800, 'NOK', 'sv-SE')).toBe('398,00\u00a0NOK');
    expect(currencyDisplayFor('nb-NO', 'NOK')).toEqual({ 'nb-NO|NOK': 'symbol' });
    expect(currencyDisplayFor('en-US', 'EUR')).toEqual({ 'en-US|EUR': 'symbol' });
    expect(currencyDisplayFor('en', 'XQQ1')).toEqual({});
  });

  it('takes the displays from the page props, and ignores a value it does not know', () => {
    knowCurrencyDisplays({ 'en-IE|USD': 'symbol', 'en-NZ|USD': 'bogus' });
    expect(formatAmount(100, 'USD', 'en-IE')).toBe(
      new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'USD' }).format(1),
    );
    expect(formatAmount(100, 'USD', 'en-NZ')).toMatch(/USD/);
    knowCurrencyDisplays(undefined);
  });
});
