import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewSession } from '../../domain/view-types';
import {
  SessionUnavailableError,
  fetchViewSession,
  getPaymentOperations,
  lockSession,
  paySession,
} from '../../components/checkout/api';
import { writeView } from '../../components/checkout/express/view-write';
import {
  PAY_REFUSAL_KEYS,
  WRITE_REFUSAL_KEYS,
  payRefusalKey,
  writeRefusalKey,
} from '../../components/checkout/payment-errors';
import { MESSAGES } from '../../components/i18n/messages';
import { createTranslate, type MessageKey } from '../../components/i18n/translate';
import { isErrorCode } from '../../domain/error-codes';

/** The page knows the server's error codes from domain/'s closed set, and reads the server's answers without trusting them (issue 25, item 7). */

const json = (status: number, body: unknown): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const stubFetch = (...answers: (Response | Error)[]) => {
  const fetch = vi.fn();
  for (const a of answers) {
    if (a instanceof Error) fetch.mockRejectedValueOnce(a);
    else fetch.mockResolvedValueOnce(a);
  }
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const session: ViewSession = {
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
};

const card = { payment_product_type: 'sandbox.creditcard', payment_token_id: 'tok' } as const;

describe("the page's messages for error codes", () => {
  it("name only codes of the closed set (and the page's own NETWORK), each with a message in every language", () => {
    const named = [...Object.keys(PAY_REFUSAL_KEYS), ...Object.keys(WRITE_REFUSAL_KEYS).filter((c) => c !== 'NETWORK')];
    expect(named.filter((c) => !isErrorCode(c))).toEqual([]);
    const keys = [...Object.values(PAY_REFUSAL_KEYS), ...Object.values(WRITE_REFUSAL_KEYS)] as MessageKey[];
    for (const [language, messages] of Object.entries(MESSAGES)) {
      const t = createTranslate(messages);
      for (const key of keys) expect(t(key), `${language} ${key}`).not.toBe(key);
    }
  });

  it('pick the message for a known code, and the general one for none', () => {
    expect(payRefusalKey('SESSION_LOCKED')).toBe('pay.session_locked');
    expect(payRefusalKey('TOO_MANY_REQUESTS')).toBe('pay.too_many_attempts');
    expect(payRefusalKey('SESSION_NOT_FOUND')).toBe('pay.not_payable');
    expect(payRefusalKey(undefined)).toBe('pay.not_payable');
    // @ts-expect-error a code the server never sends is a type error
    expect(payRefusalKey('PAYMENT_IN_PROGRESS')).toBe('pay.not_payable');
    expect(writeRefusalKey('GIFT_CARD_INVALID')).toBe('express.gift_card_invalid');
    expect(writeRefusalKey('NETWORK')).toBe('express.network');
    expect(writeRefusalKey('SESSION_NOT_FOUND')).toBeUndefined();
    expect(writeRefusalKey(undefined)).toBeUndefined();
    // @ts-expect-error the maps are keyed by the closed set: a typo does not compile
    const typo: typeof PAY_REFUSAL_KEYS = { SESION_LOCKED: 'pay.session_locked' };
    expect(Object.keys(typo).filter((c) => !isErrorCode(c))).toEqual(['SESION_LOCKED']);
  });
});

describe('paying (POST /v1/sessions/{sid}/pay)', () => {
  it('treats SESSION_PAYMENT_IN_PROGRESS as a payment in progress', async () => {
    stubFetch(json(409, { error: { message: 'in progress', code: 'SESSION_PAYMENT_IN_PROGRESS', errors: [] } }));
    await expect(paySession('sid', card)).resolves.toEqual({ kind: 'in_progress' });
  });

  it('keeps a code of the set, and treats a code it does not know (a newer server) as none', async () => {
    stubFetch(
      json(400, { error: { message: 'locked', code: 'SESSION_LOCKED', errors: [] } }),
      json(409, { error: { message: 'new', code: 'PAYMENT_IN_PROGRESS', errors: [] } }),
      json(400, {
        error: { message: 'bad', code: 'SOMETHING_NEWER', errors: [{ path: 'email', message: 'invalid' }] },
      }),
    );
    await expect(paySession('sid', card)).resolves.toEqual({
      kind: 'not_payable',
      message: 'locked',
      code: 'SESSION_LOCKED',
    });
    await expect(paySession('sid', card)).resolves.toEqual({ kind: 'not_payable', message: 'new' });
    await expect(paySession('sid', card)).resolves.toEqual({
      kind: 'invalid',
      errors: [{ path: 'email', message: 'invalid' }],
    });
  });

  it('reads an approval, a page to visit first, and a decline', async () => {
    stubFetch(
      json(200, {
        success: true,
        transaction_id: 'tx1',
        redirect_url: 'https://shop.example/return?transaction_id=tx1',
        actions: [],
      }),
      json(200, {
        success: true,
        transaction_id: 'tx2',
        redirect_url: '/sandbox/3ds',
        actions: [{ code: '3DS_CHALLENGE' }],
      }),
      json(200, {
        success: false,
        transaction_id: 'tx3',
        actions: [{ code: 'DECLINED', type: 'error' }],
        error_details: [{ category: 'temporary' }],
      }),
    );
    await expect(paySession('sid', card)).resolves.toEqual({
      kind: 'approved',
      transactionId: 'tx1',
      redirectUrl: 'https://shop.example/return?transaction_id=tx1',
      onHold: false,
    });
    await expect(paySession('sid', card)).resolves.toEqual({
      kind: 'redirect',
      transactionId: 'tx2',
      redirectUrl: '/sandbox/3ds',
    });
    await expect(paySession('sid', card)).resolves.toEqual({
      kind: 'declined',
      transactionId: 'tx3',
      temporary: true,
      code: 'DECLINED',
    });
  });

  it.each([
    ['not JSON', 'Bad gateway'],
    ['null', 'null'],
    ['an array', []],
    ['no success', { actions: [] }],
    ['success not a boolean', { success: 'yes', transaction_id: 'tx', redirect_url: '/r', actions: [] }],
    ['an approval without its transaction', { success: true, redirect_url: '/r', actions: [] }],
    ['an approval without where to go', { success: true, transaction_id: 'tx', actions: [] }],
    ['actions not a list', { success: false, actions: 'DECLINED' }],
    ['an action that is not an object', { success: false, actions: [null] }],
    ['error_details not a list', { success: false, actions: [], error_details: { category: 'temporary' } }],
  ])('gives the general refusal for a malformed answer (%s), never throws', async (_what, body) => {
    stubFetch(json(200, body));
    const outcome = await paySession('sid', card);
    expect(outcome.kind).toBe('not_payable');
    expect(outcome).not.toHaveProperty('code');
  });
});

describe('reading the view session (GET /v1/view/{sid}/session)', () => {
  it('answers the session', async () => {
    stubFetch(json(200, session));
    await expect(fetchViewSession('sid')).resolves.toEqual(session);
  });

  it.each([
    ['not JSON', 'oops'],
    ['null', 'null'],
    ['no order', { ...session, order: undefined }],
    ['an amount that is not a number', { ...session, order: { ...session.order, amount: '100' } }],
    ['no payment methods', { ...session, configuration: { ...session.configuration, payment_methods: undefined } }],
    [
      'no kinds of the payment methods',
      { ...session, configuration: { ...session.configuration, payment_method_kinds: undefined } },
    ],
    ['no amount due', { ...session, amount_due: undefined }],
    ['express without its options', { ...session, express: { shipping_mode: 'shipping_required' } }],
  ])("fails as the page's load error for a malformed answer (%s)", async (_what, body) => {
    stubFetch(json(200, body));
    const error = await fetchViewSession('sid').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SessionUnavailableError);
  });

  it('keeps the code and cause of a session that cannot be paid, and drops what it does not know', async () => {
    stubFetch(
      json(404, {
        error: {
          message: 'paid',
          code: 'SESSION_NOT_AVAILABLE',
          cause: 'AUTHORIZED',
          session_details: { merchant_reference: 'order-1', transaction_id: 'tx1' },
        },
      }),
      json(404, { error: { message: 'gone', code: 'SESSION_GONE_SOMEHOW', cause: 'EATEN', session_details: 'x' } }),
    );
    const first = await fetchViewSession('sid').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SessionUnavailableError);
    expect((first as SessionUnavailableError).body).toEqual({
      message: 'paid',
      code: 'SESSION_NOT_AVAILABLE',
      cause: 'AUTHORIZED',
      session_details: { merchant_reference: 'order-1', transaction_id: 'tx1' },
    });
    const second = await fetchViewSession('sid').catch((e: unknown) => e);
    expect((second as SessionUnavailableError).body).toEqual({ message: 'gone', code: 'SESSION_NOT_FOUND' });
  });
});

describe('writing the view (express steps)', () => {
  it('answers the new session, or a failure with a code of the set (none when unknown)', async () => {
    stubFetch(
      json(200, session),
      json(502, { error: { message: 'shop down', code: 'EXPRESS_CALLBACK_FAILED', errors: [] } }),
      json(409, { error: { message: 'newer', code: 'SOMETHING_NEWER', errors: [] } }),
      new TypeError('fetch failed'),
    );
    await expect(writeView('sid', 'session/order/items', {}, session.updated_at)).resolves.toEqual({
      kind: 'ok',
      view: session,
    });
    await expect(writeView('sid', 'session/order/items', {}, session.updated_at)).resolves.toMatchObject({
      kind: 'failed',
      code: 'EXPRESS_CALLBACK_FAILED',
      retryable: true,
    });
    const unknown = await writeView('sid', 'session/order/items', {}, session.updated_at);
    expect(unknown).toMatchObject({ kind: 'failed', message: 'newer', retryable: false });
    expect(unknown).not.toHaveProperty('code');
    await expect(writeView('sid', 'session/order/items', {}, session.updated_at)).resolves.toMatchObject({
      kind: 'failed',
      code: 'NETWORK',
      retryable: true,
    });
  });

  it('fails, never throws, on a malformed answer', async () => {
    stubFetch(json(200, { id: 'x' }), json(200, 'not json'));
    for (let i = 0; i < 2; i++) {
      const outcome = await writeView('sid', 'session/order/items', {}, session.updated_at);
      expect(outcome.kind).toBe('failed');
      expect(outcome).not.toHaveProperty('code');
    }
  });
});

describe('the other answers the page reads', () => {
  it('takes the installment plans that are plans, and the code of a refusal', async () => {
    const plan = { id: 'p1', type: 'annuity', credit_time: 12, monthly_amount: 900, total_amount: 10800 };
    stubFetch(
      json(200, { operations: [{ product: plan }, { product: { id: 3 } }, null, {}] }),
      json(200, { operations: 'none' }),
      json(429, { error: { message: 'slow down', code: 'TOO_MANY_REQUESTS', errors: [] } }),
    );
    await expect(getPaymentOperations('sid', 'sandbox.installment', {})).resolves.toEqual({ ok: true, plans: [plan] });
    await expect(getPaymentOperations('sid', 'sandbox.installment', {})).resolves.toEqual({ ok: true, plans: [] });
    await expect(getPaymentOperations('sid', 'sandbox.installment', {})).resolves.toEqual({
      ok: false,
      errors: [],
      message: 'slow down',
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('reads the pay lock id, or none', async () => {
    stubFetch(
      json(200, { pay_lock: { pay_lock_id: 'lock1' } }),
      json(200, 'null'),
      json(200, { pay_lock: { pay_lock_id: 7 } }),
    );
    await expect(lockSession('sid')).resolves.toBe('lock1');
    await expect(lockSession('sid')).resolves.toBeUndefined();
    await expect(lockSession('sid')).resolves.toBeUndefined();
  });
});
