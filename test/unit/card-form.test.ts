import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardProblems, type CardField, type CardProblemCodes } from '../../domain/card';
import { CardErrorSummary } from '../../components/checkout/card-error-summary';
import { CardForm } from '../../components/checkout/card-form';
import { cardErrorKey, cardErrorMessage, cardFormResolver } from '../../components/checkout/card-schema';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { en } from '../../components/i18n/messages/en';
import { MESSAGES } from '../../components/i18n/messages';
import { createTranslate } from '../../components/i18n/translate';

const t = createTranslate(en);
const now = new Date('2026-06-15T00:00:00Z');

describe('card error messages', () => {
  it('picks the message key by field and problem code', () => {
    expect(cardErrorKey('number', 'required')).toBe('card.error_number_required');
    expect(cardErrorKey('number', 'invalid')).toBe('card.error_number_invalid');
    expect(cardErrorKey('expiry', 'expired')).toBe('card.error_expiry_expired');
    expect(cardErrorKey('expiry', 'month')).toBe('card.error_expiry_month');
    expect(cardErrorKey('cvc', 'length')).toBe('card.error_cvc_length');
  });

  it('says "check this field" for a code it does not know, or none (a server error without one)', () => {
    expect(cardErrorKey('number', 'server')).toBe('card.error_number_other');
    expect(cardErrorKey('expiry', undefined)).toBe('card.error_expiry_other');
    expect(cardErrorKey('cvc', 'invalid')).toBe('card.error_cvc_other');
    expect(cardErrorKey('cvc', 'toString')).toBe('card.error_cvc_other');
  });

  it('says in English what the domain says, for every problem the domain reports', () => {
    const cards = [
      { number: '', expiry: '', cvc: '' },
      { number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' },
      { number: '4111x', expiry: '13/30', cvc: '12a' },
      { number: '4111', expiry: '1230', cvc: '1' },
      { number: '378282246310005', expiry: '12/30', cvc: '123' },
    ];
    const seen = new Set<string>();
    for (const card of cards) {
      for (const p of cardProblems(card, now)) {
        seen.add(`${p.field}.${p.code}`);
        expect(cardErrorMessage(t, p.field, p.code, card)).toBe(p.message);
      }
    }
    const all: { [F in CardField]: CardProblemCodes[F][] } = {
      number: ['required', 'not_digits', 'length', 'invalid'],
      expiry: ['required', 'format', 'month', 'expired'],
      cvc: ['required', 'not_digits', 'length'],
    };
    expect([...seen].sort()).toEqual(
      Object.entries(all)
        .flatMap(([f, codes]) => codes.map((c) => `${f}.${c}`))
        .sort(),
    );
  });

  it('fills in the security code length of the brand', () => {
    expect(cardErrorMessage(t, 'cvc', 'length', { number: '3782 822463 10005' })).toBe(
      'The security code is 4 digits.',
    );
    expect(cardErrorMessage(t, 'cvc', 'length', { number: '4111' })).toBe('The security code is 3 digits.');
  });

  it('has every card message in every language', () => {
    for (const messages of Object.values(MESSAGES))
      expect(Object.keys(messages.card).sort()).toEqual(Object.keys(en.card).sort());
  });
});

describe('card form resolver', () => {
  it('keeps the problem code as the error type', async () => {
    const result = await cardFormResolver({ number: '', expiry: '13/30', cvc: '12' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toMatchObject({
      number: { type: 'required' },
      expiry: { type: 'month' },
      cvc: { type: 'length' },
    });
  });

  it('passes a good card through', async () => {
    const values = { number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' };
    expect(await cardFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).toEqual({
      values,
      errors: {},
    });
  });
});

describe('card form markup', () => {
  const form = createElement(CardForm, { submitLabel: 'Pay 100.00 NOK', onPay: async () => ({}) });
  const html = renderToStaticMarkup(createElement(I18nProvider, { language: 'en', messages: en, children: form }));
  const input = (autocomplete: string) => {
    const tag = new RegExp(`<input[^>]*autoComplete="${autocomplete}"[^>]*>`, 'i').exec(html)?.[0];
    if (!tag) throw new Error(`no ${autocomplete} input`);
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const id = attr('id') ?? '';
    const label = new RegExp(`<label[^>]*for="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([^<]*)</label>`).exec(
      html,
    )?.[1];
    return { attr, label };
  };

  it('labels the fields, and says the expiry format in the label', () => {
    expect(input('cc-number').label).toBe('Card number');
    expect(input('cc-exp').label).toBe('Expiry date (MM/YY)');
    expect(input('cc-csc').label).toBe('Security code');
    expect(html).not.toContain('3 or 4 digits');
  });

  it('asks for digits, without autocorrect', () => {
    for (const field of ['cc-number', 'cc-exp', 'cc-csc']) {
      expect(input(field).attr('inputMode')).toBe('numeric');
      expect(input(field).attr('autoCorrect')).toBe('off');
      expect(input(field).attr('spellCheck')).toBe('false');
    }
  });

  it('describes each input by its hint, its (always present) error region and, for the number, the brand', () => {
    const describedBy = (field: string) => (input(field).attr('aria-describedby') ?? '').split(' ');
    for (const field of ['cc-number', 'cc-exp', 'cc-csc']) {
      for (const id of describedBy(field)) expect(html).toContain(`id="${id}"`);
      expect(describedBy(field).some((id) => id.endsWith('-error'))).toBe(true);
    }
    expect(describedBy('cc-number').some((id) => id.endsWith('-brand'))).toBe(true);
    expect(describedBy('cc-csc').some((id) => id.endsWith('-hint'))).toBe(true);
    expect(html).toContain('3 digits on the back of your card');
    expect(input('cc-csc').attr('maxLength')).toBe('3');
  });

  it('shows the accepted brands as drawn marks, and the pay button with the themable brand colour', () => {
    expect(html).toContain('role="img" aria-label="Accepted cards: Visa, Mastercard, American Express"');
    expect(html.match(/<svg/g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).toMatch(/<button type="submit"[^>]*var\(--kassa-brand,#4f46e5\)/);
    expect(html).toContain('Pay 100.00 NOK');
    expect(html).toContain('role="status"');
  });
});

describe('card error summary markup', () => {
  it('is a focusable alert titled by its heading, with a link to each field', () => {
    const summary = createElement(CardErrorSummary, {
      title: 'There is a problem',
      errors: [
        { field: 'number', inputId: 'f-number', message: 'Enter your card number.' },
        { field: 'cvc', inputId: 'f-cvc', message: 'Enter the security code.' },
      ],
      onSelect: () => undefined,
    });
    const html = renderToStaticMarkup(summary);
    expect(html).toMatch(/^<div tabindex="-1" role="alert" aria-labelledby="([^"]+)"/);
    const titleId = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h3 id="${titleId}"`);
    expect(html).toContain('There is a problem</h3>');
    expect(html).toMatch(/<a href="#f-number"[^>]*>Enter your card number\.<\/a>/);
    expect(html).toMatch(/<a href="#f-cvc"[^>]*>Enter the security code\.<\/a>/);
  });
});
