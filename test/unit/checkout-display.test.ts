import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { editGiftCardNumber, formatGiftCardNumber } from '../../domain/card-format';
import type { ClosedSessionPage, SessionUnavailableBody } from '../../domain/view-types';
import { CardForm } from '../../components/checkout/card-form';
import { SessionUnavailable } from '../../components/checkout/session-unavailable';
import { formatAmount } from '../../components/i18n/format';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { LOCALES, type Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';

/** Issue 28: what the checkout shows (money, the gift card number, the receipt, required card fields). */
const render = (language: Language, element: ReactElement) =>
  renderToStaticMarkup(createElement(I18nProvider, { language, messages: MESSAGES[language], children: element }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('money', () => {
  it('shows another country\'s krone by its code in Swedish ("398,00 NOK", not "Nkr"), as Danish, Finnish and German do', () => {
    const nbsp = /[\u00a0\u202f]/g;
    expect(formatAmount(39800, 'NOK', LOCALES.sv).replace(nbsp, ' ')).toBe('398,00 NOK');
    expect(formatAmount(39800, 'DKK', LOCALES.sv).replace(nbsp, ' ')).toBe('398,00 DKK');
    for (const l of ['da', 'fi', 'de'] as const)
      expect(formatAmount(39800, 'NOK', LOCALES[l]).replace(nbsp, ' ')).toBe('398,00 NOK');
  });

  it("keeps a locale's own currency and unambiguous symbols", () => {
    expect(formatAmount(39800, 'SEK', LOCALES.sv)).toMatch(/^398,00\skr$/);
    expect(formatAmount(39800, 'NOK', LOCALES.nb)).toMatch(/kr/);
    expect(formatAmount(39800, 'EUR', LOCALES.en)).toBe('€398.00');
    expect(formatAmount(39800, 'NOK', LOCALES.en)).toMatch(/^NOK\s398\.00$/);
  });
});

describe('the gift card number', () => {
  it('is grouped in fours while typed, and anything with letters stays as typed', () => {
    expect(formatGiftCardNumber('6000000000000001')).toBe('6000 0000 0000 0001');
    expect(formatGiftCardNumber('600000')).toBe('6000 00');
    expect(formatGiftCardNumber('KASSACARD:ab12')).toBe('KASSACARD:ab12');
    expect(editGiftCardNumber('6000', '60000', 5, 'insertText')).toEqual({ value: '6000 0', caret: 6 });
    // backspace right after the separator removes the digit before it
    expect(editGiftCardNumber('6000 0', '60000', 4, 'deleteContentBackward')).toEqual({ value: '6000', caret: 3 });
    expect(editGiftCardNumber('KASSA', 'KASSAC', 6, 'insertText')).toEqual({ value: 'KASSAC', caret: 6 });
  });
});

describe('the card form', () => {
  it('marks the card number, expiry and security code as required', () => {
    const html = render('en', createElement(CardForm, { submitLabel: 'Pay', onPay: async () => ({}) }));
    for (const token of ['cc-number', 'cc-exp', 'cc-csc'])
      expect(html).toMatch(
        new RegExp(`<input(?=[^>]*autoComplete="${token}")(?=[^>]*aria-required="true")[^>]*>`, 'i'),
      );
  });
});

describe("a paid session's page", () => {
  const body: SessionUnavailableBody = {
    message: 'The session has already been paid',
    code: 'SESSION_NOT_AVAILABLE',
    cause: 'AUTHORIZED',
    session_details: { merchant_reference: 'order-42', transaction_id: 'T1.x', return_url: 'https://shop.example/r' },
  };
  const closed: ClosedSessionPage = {
    merchant: { id: 'T1', name: 'Fjord Outfitters' },
    theme: { color_scheme: 'auto' },
    receipt: {
      amount: 52750,
      currency: 'NOK',
      paid_at: '2026-11-27T10:15:00.000Z',
      method: { payment_product_type: 'sandbox.creditcard', name: 'Card' },
      card: { brand: 'Visa', last4: '1111' },
      email: 'kari@example.com',
    },
  };

  it('is a receipt: amount, method with the last four digits, date, reference, where the receipt goes, the way back', () => {
    const html = render('en', createElement(SessionUnavailable, { sid: 's', body, closed }));
    const shown = text(html);
    expect(shown).toContain('This order is paid');
    expect(shown).toMatch(/Amount NOK\s527\.50/);
    expect(shown).toContain('Paid with Card · Visa ending in 1111');
    expect(shown).toMatch(/Date 27 Nov 2026, 10:15 UTC/);
    expect(shown).toContain('Order reference order-42');
    expect(shown).toContain('A receipt is sent to kari@example.com.');
    expect(html).toContain('href="https://shop.example/r?');
    // the page's header names the merchant in its h1: the title here is the next level
    expect(html).toMatch(/<h2[^>]*>This order is paid<\/h2>/);
  });

  it('says nothing of an e-mail nobody gave, and is translated', () => {
    const { email: _none, ...receipt } = closed.receipt!;
    const html = text(
      render('nb', createElement(SessionUnavailable, { sid: 's', body, closed: { ...closed, receipt } })),
    );
    expect(html).toContain('Betalt med Kort · Visa som slutter på 1111');
    expect(html).not.toContain('kvittering sendes');
  });

  it('a cancelled session shows no receipt even if one were given', () => {
    const html = text(
      render('en', createElement(SessionUnavailable, { sid: 's', body: { ...body, cause: 'CANCELLED' }, closed })),
    );
    expect(html).toContain('This payment was cancelled.');
    expect(html).not.toContain('1111');
  });
});
