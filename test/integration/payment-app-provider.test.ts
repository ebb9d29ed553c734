import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minorUnits, priced } from '../../domain/money';
import { AppError } from '../../server/errors/app-error';
import { createPaymentAppProvider } from '../../server/providers/payment-app/payment-app-provider';
import { isOutcomeUnknown } from '../../server/providers/provider-errors';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';

/** The payment-app provider through the port (server/providers/port.ts), against a real HTTP app. */
const { srv, api } = useKassa();
let app: PaymentAppServer;
let secret: string | undefined;

beforeAll(async () => {
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
});
afterAll(() => app.close());
beforeEach(async () => {
  app.received.length = 0;
  await configure({});
});

const TYPE = 'payment_app.acme';
const configure = async (extra: Record<string, unknown>) => {
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 500, ...extra } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
};
const provider = (env: { KASSA_ALLOW_PRIVATE_CALLBACKS?: boolean } = srv.kassa.ctx.env) =>
  createPaymentAppProvider({ database: srv.kassa.ctx.database, env });
const authorizeReq = (amount = 1000) => ({
  accountId: ACCOUNT,
  productType: TYPE,
  transactionId: `${ACCOUNT}.tx${amount}abcdefgh`,
  ...priced(minorUnits(amount), 'NOK'),
  returnUrl: 'https://kassa.example/return',
});
const opReq = (operationId: string, amount = 500) => ({
  accountId: ACCOUNT,
  productType: TYPE,
  transactionId: `${ACCOUNT}.txabcdefghij`,
  operationId,
  ...priced(minorUnits(amount), 'NOK'),
});
/** PROVIDER_UNAVAILABLE, and whether the app may have acted on the call: `sent` (outcome unknown) or not reached. */
const unavailable = async (call: Promise<unknown>, how: 'sent' | 'not reached') => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('PROVIDER_UNAVAILABLE');
  expect(isOutcomeUnknown(error), (error as Error).message).toBe(how === 'sent');
};

describe('the payment-app provider', () => {
  it('answers the account its enabled apps as products, with their capabilities', async () => {
    expect(await provider().productsFor(ACCOUNT)).toEqual([
      {
        type: TYPE,
        name: 'Acme Pay',
        kind: 'redirect',
        capabilities: {
          partialCapture: true,
          partialVoid: false,
          itemBased: false,
          refunds: true,
          customerAction: true,
          asyncOperations: true,
          tokenization: false,
          authorizationUpdate: false,
        },
      },
    ]);
    expect(await provider().productsFor('T99999999')).toEqual([]);
    await configure({ enabled: false });
    expect(await provider().productsFor(ACCOUNT)).toEqual([]);
    expect((await provider().productFor(ACCOUNT, TYPE))?.type).toBe(TYPE);
    await expect(provider().authorize(authorizeReq())).rejects.toMatchObject({ code: 'PAYMENT_PRODUCT_NOT_ENABLED' });
    expect(app.received).toEqual([]);
  });

  it('authorize: approved, with a signed request carrying the transaction', async () => {
    app.reply = () => ({ json: { result: 'approved', provider_reference: 'acme-1' } });
    expect(await provider().authorize(authorizeReq(1000))).toEqual({
      outcome: 'APPROVED',
      providerReference: 'acme-1',
    });
    expect(app.received).toHaveLength(1);
    const [req] = app.received;
    expect(req).toMatchObject({ method: 'authorize', signed: true });
    expect(req!.body).toEqual({
      account_id: ACCOUNT,
      product_type: TYPE,
      transaction_id: authorizeReq(1000).transactionId,
      amount: 1000,
      currency: 'NOK',
      exponent: 2,
      return_url: 'https://kassa.example/return',
    });
    expect(req!.headers['content-type']).toBe('application/json');
  });

  it('authorize: declined, with the code, message and retry policy', async () => {
    app.reply = () => ({
      json: { result: 'declined', code: 'insufficient_funds', message: 'Not enough money', retryable: true },
    });
    expect(await provider().authorize(authorizeReq(1051))).toEqual({
      outcome: 'DECLINED',
      code: 'insufficient_funds',
      message: 'Not enough money',
      retryable: true,
    });
  });

  it('customer action: the URL and state, then completion asks the app with that state', async () => {
    app.reply = (r) =>
      r.method === 'authorize'
        ? { json: { result: 'customer_action', url: 'https://app.example/pay/1', state: { session: 's-1' } } }
        : { json: { result: 'approved', provider_reference: 'acme-2' } };
    expect(await provider().authorize(authorizeReq(1033))).toEqual({
      outcome: 'CUSTOMER_ACTION',
      url: 'https://app.example/pay/1',
      state: { session: 's-1' },
    });
    const done = await provider().completeCustomerAction({
      accountId: ACCOUNT,
      productType: TYPE,
      transactionId: authorizeReq(1033).transactionId,
      state: { session: 's-1' },
      decision: 'approve',
    });
    expect(done).toEqual({ outcome: 'APPROVED', providerReference: 'acme-2' });
    expect(app.of('complete-customer-action')[0]).toMatchObject({
      signed: true,
      body: {
        account_id: ACCOUNT,
        product_type: TYPE,
        transaction_id: authorizeReq(1033).transactionId,
        state: { session: 's-1' },
      },
    });
  });

  it('capture, refund and void: done or pending; status until done; each signed with its operation id', async () => {
    app.reply = (r) => ({
      json:
        r.method === 'status'
          ? { result: r.body.operation_id === 'op-4' ? 'done' : 'unknown' }
          : { result: r.body.amount === 502 ? 'pending' : 'done' },
    });
    const p = provider();
    expect(await p.capture(opReq('op-1', 600))).toBe('DONE');
    expect(await p.refund(opReq('op-2', 100))).toBe('DONE');
    expect(await p.void(opReq('op-3', 400))).toBe('DONE');
    expect(await p.capture(opReq('op-4', 502))).toBe('PENDING');
    expect(await p.operationStatus({ accountId: ACCOUNT, productType: TYPE, operationId: 'op-4' })).toBe('DONE');
    expect(await p.operationStatus({ accountId: ACCOUNT, productType: TYPE, operationId: 'op-9' })).toBe('UNKNOWN');
    expect(app.received.map((r) => [r.method, r.body.operation_id, r.body.amount, r.signed])).toEqual([
      ['capture', 'op-1', 600, true],
      ['refund', 'op-2', 100, true],
      ['void', 'op-3', 400, true],
      ['capture', 'op-4', 502, true],
      ['status', 'op-4', undefined, true],
      ['status', 'op-9', undefined, true],
    ]);
  });

  it('is unavailable with the outcome unknown (the app may have acted) when it is slow, failing, redirecting or answers nonsense', async () => {
    const replies = [
      'hang' as const,
      { status: 500, json: { result: 'done' } },
      { status: 302, headers: { location: 'https://elsewhere.example/' } },
      { text: 'not json' },
      { json: { result: 'maybe' } },
      { json: { result: 'approved' } },
      { json: { result: 'customer_action', url: 'javascript:alert(1)' } },
    ];
    for (const reply of replies) {
      app.reply = () => reply;
      await unavailable(provider().authorize(authorizeReq()), 'sent');
      await unavailable(provider().capture(opReq('op-x')), 'sent');
    }
  });

  it('is unavailable, not reached (nothing sent), when the app is down, not configured, or its URL is private and private calls are refused', async () => {
    app.reply = () => ({ json: { result: 'done' } });
    await configure({ url: 'http://127.0.0.1:1/closed' });
    await unavailable(provider().capture(opReq('op-1')), 'not reached');
    await configure({});
    await unavailable(provider().capture({ ...opReq('op-1'), productType: 'payment_app.nobody' }), 'not reached');
    await unavailable(provider({ KASSA_ALLOW_PRIVATE_CALLBACKS: false }).capture(opReq('op-1')), 'not reached');
    expect(app.received).toEqual([]);
  });

  it('refuses a customer action from an app configured without customer actions', async () => {
    await configure({ capabilities: { customer_action: false } });
    app.reply = () => ({ json: { result: 'customer_action', url: 'https://app.example/pay/1' } });
    await unavailable(provider().authorize(authorizeReq()), 'sent');
  });
});
