import { createElement, createRef, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ViewSession } from '../../domain/view-types';
import { CancelCheckout, sessionCancelPayload } from '../../components/checkout/cancel-checkout';
import { CancelConfirm } from '../../components/checkout/cancel-confirm';
import { LockedArea } from '../../components/checkout/locked-area';
import { withPayLock } from '../../components/checkout/use-checkout-sdk';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { LANGUAGES, type Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';

const render = (node: ReactNode, language: Language = 'en') =>
  renderToStaticMarkup(createElement(I18nProvider, { language, messages: MESSAGES[language], children: node }));

describe('what the SDK is told when the shopper leaves or cancels (SessionCancel)', () => {
  it("carries the shop's return URL with the order's reference and error=cancelled", () => {
    const payload = sessionCancelPayload({ returnUrl: 'https://shop.example/back?cart=7', merchantReference: 'o-1' });
    expect(payload).toEqual({
      href: 'https://shop.example/back?cart=7&merchant_reference=o-1&error=cancelled',
      error: 'cancelled',
      merchant_reference: 'o-1',
    });
  });

  it('says only error=cancelled when there is no session to return to, and no href when the URL cannot be read', () => {
    expect(sessionCancelPayload(undefined)).toEqual({ error: 'cancelled' });
    expect(sessionCancelPayload({ returnUrl: 'not a url', merchantReference: 'o-2' })).toEqual({
      error: 'cancelled',
      merchant_reference: 'o-2',
    });
  });
});

describe('"Cancel payment" before the page runs', () => {
  it('is a form POST to the abandon operation (the no-JavaScript path cancels without a question)', () => {
    const html = render(
      createElement(CancelCheckout, {
        sid: 'T1.abc',
        merchantName: 'Fjord',
        returnUrl: 'https://shop.example/back',
        merchantReference: 'o-1',
      }),
    );
    const form = /^<form [^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/v1/view/T1.abc/session/abandon"');
    expect(html).toContain('<button type="submit"');
    expect(html).not.toContain('alertdialog'); // the question is not rendered until it is asked
  });
});

describe('the question before cancelling', () => {
  const question = (language: Language) =>
    render(
      createElement(CancelConfirm, {
        merchant: 'Fjord Outfitters',
        opener: createRef<HTMLElement>(),
        onAnswer: () => undefined,
      }),
      language,
    );

  it('is a modal alertdialog, named and described, with "No" first and focused first', () => {
    const html = question('en');
    expect(html).toMatch(
      /<dialog role="alertdialog" aria-modal="true" aria-labelledby="[^"]+" aria-describedby="[^"]+"/,
    );
    expect(html).toContain('Cancel the payment to Fjord Outfitters?');
    expect(html).toContain('Your order will not be paid, and you go back to Fjord Outfitters.');
    expect(html.indexOf('No, keep paying')).toBeLessThan(html.indexOf('Yes, cancel payment'));
    expect(html).toMatch(/<button type="button" data-autofocus="true"[^>]*>No, keep paying</);
  });

  it('names the shop, and has its own words, in every language', () => {
    for (const language of LANGUAGES) {
      const m = MESSAGES[language].checkout;
      expect(question(language), language).toContain('Fjord Outfitters');
      expect(m.cancel_title, language).toContain('{merchant}');
      if (language !== 'en') {
        for (const key of ['cancel_title', 'cancel_body', 'cancel_yes', 'cancel_no', 'close'] as const)
          expect(m[key], `${language} ${key}`).not.toBe(MESSAGES.en.checkout[key]);
      }
    }
  });

  it('no longer calls the close control a cancel, in any language', () => {
    expect(MESSAGES.en.checkout.close).toBe('Close and return to the shop');
    const cancels = /cancel|avbryt|annull|peruuta|abbrechen/i;
    for (const language of LANGUAGES) expect(MESSAGES[language].checkout.close, language).not.toMatch(cancels);
  });
});

describe('the lock for the merchant', () => {
  it('is the session with a pay_lock until a read of the session says otherwise', () => {
    const session = { id: 'T1.abc', order: { amount: 100 } } as unknown as ViewSession;
    expect(withPayLock(session, 'lock-1')).toEqual({ ...session, pay_lock: { pay_lock_id: 'lock-1' } });
    expect(session).not.toHaveProperty('pay_lock');
  });

  it('disables everything that edits or pays, and says why', () => {
    const locked = render(createElement(LockedArea, { locked: true, children: createElement('input') }));
    const id = /<div id="([^"]+)" tabindex="-1"[^>]*data-testid="locked-notice"/.exec(locked)?.[1];
    expect(id).toBeTruthy();
    expect(locked).toContain('The shop is updating your order. You can pay as soon as it is done.');
    expect(locked).toContain(`<fieldset disabled="" aria-describedby="${id}"`);

    const open = render(createElement(LockedArea, { locked: false, children: createElement('input') }));
    expect(open).not.toContain('locked-notice');
    expect(open).not.toContain('disabled=""');
  });
});
