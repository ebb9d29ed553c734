import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutPageData, SessionUnavailableBody, ViewSession } from '../../domain/view-types';
import { paySession, SessionUnavailableError } from '../../components/checkout/api';
import { CheckoutApp } from '../../components/checkout/checkout-app';
import { preloadFirstRender } from '../../components/checkout/checkout';
import {
  ConfirmingPayment,
  endOf,
  followPayment,
  nextPollDelay,
  notCompletedUrl,
  type PaymentEnd,
} from '../../components/checkout/confirming-payment';
import { parseCheckoutOptions } from '../../components/checkout/options';
import { returnedErrorKey } from '../../components/checkout/payment-errors';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { LANGUAGES, type Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';
import { createTranslate } from '../../components/i18n/translate';

/** A payment whose outcome the provider has not told yet: the page says it is being confirmed and follows it to its end. */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unavailable = (cause?: SessionUnavailableBody['cause']): SessionUnavailableBody => ({
  message: 'not available',
  code: 'SESSION_NOT_AVAILABLE',
  ...(cause ? { cause } : {}),
  session_details: { merchant_reference: 'order-1', transaction_id: 'tx1', return_url: 'https://shop.example/return' },
});

const session = {
  id: 'T00000001.abc',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-01-02T00:00:00Z',
  version: '1',
  url: { return_url: 'https://shop.example/return' },
  order: { amount: 10000, currency: 'NOK', merchant_reference: 'order-1', items: [{ line_id: '1', amount: 10000 }] },
  amount_due: 10000,
  configuration: {
    payment_methods: [{ payment_product_type: 'sandbox.creditcard', name: 'Card' }],
    payment_method_kinds: { 'sandbox.creditcard': 'card' },
    merchant: { id: 'T00000001', name: 'Shop' },
    theme: { color_scheme: 'auto' },
    test_mode: true,
  },
} as ViewSession;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#x27;/g, "'");

const page = (language: Language, query: Record<string, string>, initial: CheckoutPageData) =>
  text(
    renderToStaticMarkup(
      createElement(CheckoutApp, {
        sid: session.id,
        options: parseCheckoutOptions({ language, ...query }),
        initial,
        savedChoice: undefined,
        messages: MESSAGES[language],
        embed: {} as never,
      }),
    ),
  );

describe('the pay answer PAYMENT_CONFIRMING', () => {
  it('sends the page to the URL as given (its own), marked so no way back is added', async () => {
    const redirect_url = 'http://localhost/?sid=T1.abc&payment=confirming';
    const body = {
      success: true,
      transaction_id: 'tx1',
      redirect_url,
      actions: [{ source: 'acquirer', code: 'PAYMENT_CONFIRMING', type: 'success' }],
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 200 })));
    await expect(
      paySession('T1.abc', { payment_product_type: 'sandbox.creditcard', card: {} as never }),
    ).resolves.toEqual({ kind: 'redirect', transactionId: 'tx1', redirectUrl: redirect_url, confirming: true });
  });
});

describe('how often the page reads the session', () => {
  it('every 2 s for the first minute, then twice as long each time up to every 10 s', () => {
    expect(nextPollDelay(0, 2_000)).toBe(2_000);
    expect(nextPollDelay(59_999, 2_000)).toBe(2_000);
    const delays: number[] = [];
    let delay = 2_000;
    for (const elapsed of [60_000, 64_000, 72_000, 82_000, 92_000])
      delays.push((delay = nextPollDelay(elapsed, delay)));
    expect(delays).toEqual([4_000, 8_000, 10_000, 10_000, 10_000]);
  });
});

describe('what a read says about the payment', () => {
  const failed = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });

  it('still being confirmed, or unknown (a failed read): no end yet', () => {
    expect(endOf(failed(new SessionUnavailableError(unavailable('PAYMENT_INITIATED'))))).toBeUndefined();
    expect(endOf(failed(new TypeError('Failed to fetch')))).toBeUndefined();
  });

  it('a session that can be paid again, or one that cannot be paid any more (paid, cancelled, expired, unknown)', () => {
    expect(endOf({ status: 'fulfilled', value: session })).toEqual({ payable: true });
    for (const cause of ['AUTHORIZED', 'ON_HOLD', 'CANCELLED', 'EXPIRED', undefined] as const)
      expect(endOf(failed(new SessionUnavailableError(unavailable(cause))))).toEqual({
        payable: false,
        body: unavailable(cause),
      });
  });
});

describe('following the payment', () => {
  const deferred = () => {
    let settle!: { resolve: (s: ViewSession) => void; reject: (e: unknown) => void };
    const promise = new Promise<ViewSession>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };

  it('reads after 2 s, one read at a time, goes on after failed reads and ends once the answer is known', async () => {
    vi.useFakeTimers();
    const reads: ReturnType<typeof deferred>[] = [];
    const ends: PaymentEnd[] = [];
    followPayment(
      () => {
        const read = deferred();
        reads.push(read);
        return read.promise;
      },
      (end) => ends.push(end),
    );
    await vi.advanceTimersByTimeAsync(1_999);
    expect(reads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000); // a slow read: no second one meanwhile
    expect(reads).toHaveLength(1);
    reads[0]!.reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reads).toHaveLength(2);
    reads[1]!.reject(new SessionUnavailableError(unavailable('PAYMENT_INITIATED')));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reads).toHaveLength(3);
    reads[2]!.reject(new SessionUnavailableError(unavailable('AUTHORIZED')));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveLength(3);
    expect(ends).toEqual([{ payable: false, body: unavailable('AUTHORIZED') }]);
  });

  it('stops when the page leaves the view: no further read, and an answer on its way is dropped', async () => {
    vi.useFakeTimers();
    const read = vi.fn(() => Promise.resolve(session));
    const onEnd = vi.fn();
    followPayment(read, onEnd)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).not.toHaveBeenCalled();

    const late = deferred();
    const stop = followPayment(() => late.promise, onEnd);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    late.resolve(session);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onEnd).not.toHaveBeenCalled();
  });
});

describe('a payment that ended unpaid', () => {
  it('reopens the same page with payment_error=not_completed, without an earlier return’s parameters', () => {
    expect(notCompletedUrl('http://host/?sid=T1.abc&payment=confirming&language=nb&payment_error=x')).toBe(
      'http://host/?sid=T1.abc&language=nb&payment_error=not_completed',
    );
    expect(notCompletedUrl('http://host/?sid=T1.abc')).toBe('http://host/?sid=T1.abc&payment_error=not_completed');
  });

  it('has its own message in every language: not charged, try again', () => {
    expect(returnedErrorKey('not_completed')).toBe('pay.error_not_completed');
    const english = createTranslate(MESSAGES.en);
    expect(english('pay.error_not_completed')).toBe(
      'The payment was not completed, and you have not been charged. Please try again.',
    );
    for (const language of LANGUAGES) {
      const t = createTranslate(MESSAGES[language]);
      for (const key of ['pay.error_not_completed', 'confirming.title', 'confirming.body'] as const) {
        expect(t(key), `${language} ${key}`).not.toMatch(/^(pay|confirming)\./);
        if (language !== 'en') expect(t(key), `${language} ${key}`).not.toBe(english(key));
      }
    }
  });

  it('shows its alert on the checkout with or without a transaction on the URL', () => {
    const open: CheckoutPageData = { kind: 'open', session };
    const alert = 'The payment was not completed, and you have not been charged. Please try again.';
    expect(parseCheckoutOptions({ payment_error: 'not_completed' }).returnedPayment).toEqual({
      error: 'not_completed',
    });
    expect(page('en', { payment_error: 'not_completed' }, open)).toContain(alert);
    // the confirmation ended before the page loaded again
    expect(page('en', { payment: 'confirming' }, open)).toContain(alert);
    expect(page('en', {}, open)).not.toContain(alert);
    expect(page('en', { payment: 'tx1' }, open)).not.toContain(alert);
  });
});

describe('the page while a payment is being confirmed', () => {
  it('says so in a polite status region, in the page’s language, and never that it failed', async () => {
    const initial: CheckoutPageData = { kind: 'unavailable', body: unavailable('PAYMENT_INITIATED') };
    await preloadFirstRender(initial);
    const en = page('en', { payment: 'confirming' }, initial);
    expect(en).toContain('Confirming your payment');
    expect(en).toContain('Please do not pay again: this page updates by itself.');
    expect(en).toContain('Order reference order-1');
    expect(en).not.toMatch(/fail|no longer available|already in progress/i);
    expect(page('nb', {}, initial)).toContain(MESSAGES.nb.confirming.body);

    const html = renderToStaticMarkup(
      createElement(I18nProvider, {
        language: 'en',
        messages: MESSAGES.en,
        children: createElement(ConfirmingPayment, {
          sid: 'T1.abc',
          body: unavailable('PAYMENT_INITIATED'),
          closed: undefined,
          viewerCountry: undefined,
        }),
      }),
    );
    expect(html).toMatch(/role="status"[^>]*aria-live="polite"/);
    expect(html).toContain('motion-reduce:animate-none');
  });

  it('finishes as a return from a payment page when the confirmation ended paid before the page loaded', async () => {
    const initial: CheckoutPageData = { kind: 'unavailable', body: unavailable('AUTHORIZED') };
    await preloadFirstRender(initial);
    expect(page('en', { payment: 'confirming' }, initial)).toContain('Payment approved');
    // without it, a paid session's page (its receipt), as before
    expect(page('en', {}, initial)).toContain('This order is paid');
  });
});
