import { WAIT_MS } from '../support/wait';
import { recoverStalePayments } from '../../server/payments/attempt/recover-stale-payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completePendingOperations } from '../../server/payments';
import { sessionBody } from '../support/api-client';
import { merchantVerifies } from '../support/callback-helpers';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { eventsOf, money } from '../support/transaction-helpers';

/**
 * A payment through a payment app (docs/payment-app.md), end to end through the API: the app is a real
 * HTTP server of the test's on 127.0.0.1 that verifies every signature and records what it got.
 */
const { srv, api, customer, merchant } = useKassa({ merchant: true });
let app: PaymentAppServer;
let secret: string;
/** The test app's answers: approved, except amounts ending in 51 (declined) and 33 (its page); captures ending in 02 pending until `settled`, then `ends`. */
let settled = false;
let ends: 'done' | 'failed' = 'done';
const rules = (r: AppRequest): AppReply => {
  const cents = Number(r.body.amount) % 100;
  if (r.method === 'authorize') {
    if (cents === 51)
      return { json: { result: 'declined', code: 'insufficient_funds', message: 'Not enough money', retryable: true } };
    if (cents === 33)
      return {
        json: {
          result: 'customer_action',
          url: `https://app.example/confirm/${r.body.transaction_id}`,
          state: { confirm: r.body.transaction_id },
        },
      };
    return { json: { result: 'approved', provider_reference: `acme-${r.body.transaction_id}` } };
  }
  if (r.method === 'complete-customer-action')
    return { json: { result: 'approved', provider_reference: `acme-${r.body.state.confirm}` } };
  if (r.method === 'status') return { json: { result: settled ? ends : 'pending' } };
  return { json: { result: r.method === 'capture' && cents === 2 ? 'pending' : 'done' } };
};

beforeAll(async () => {
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 500 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
});
afterAll(() => app.close());
beforeEach(() => {
  app.reply = rules;
  settled = false;
  ends = 'done';
});

const TYPE = 'payment_app.acme';
const session = async (amount: number) => {
  const body = sessionBody(
    {
      url: { return_url: 'https://shop.example/return', callback_url: `${merchant.url}/cb` },
      configuration: { payment_app: { acme: { enabled: true } } },
    },
    { amount, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount, vat_amount: 0 }] },
  );
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as string;
};
const pay = (sessionId: string) =>
  customer.post(`/v1/sessions/${sessionId}/pay`, { payment: { payment_product_type: TYPE } });
const paid = async (amount: number) => {
  const sessionId = await session(amount);
  const res = await pay(sessionId);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  return { sessionId, transactionId: res.body.transaction_id as string };
};
const allSigned = () => expect(app.received.filter((r) => !r.signed)).toEqual([]);

describe('a payment through a payment app', () => {
  it('is offered on the session and authorized by the app (signed request, amount, return URL); the merchant gets its signed callback', async () => {
    const sessionId = await session(10000);
    const view = await customer.get(`/v1/view/${sessionId}/session`);
    expect(view.body.configuration.payment_methods).toMatchObject([{ payment_product_type: TYPE, name: 'Acme Pay' }]);
    expect(view.body.configuration.payment_method_kinds).toEqual({ [TYPE]: 'redirect' });
    const res = await pay(sessionId);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const transactionId = res.body.transaction_id as string;
    const [authorize] = app.of('authorize');
    expect(authorize).toMatchObject({
      signed: true,
      body: { account_id: ACCOUNT, product_type: TYPE, transaction_id: transactionId, amount: 10000, currency: 'NOK' },
    });
    expect(authorize!.body.return_url).toMatch(new RegExp(`/v1/view/${sessionId}/payments/${transactionId}/return$`));
    const tx = await api.get(`/v1/transactions/${transactionId}`);
    expect(tx.body).toMatchObject({ status: 'AUTHORIZED', amount: 10000, payment_product_type: TYPE });
    const [cb] = await merchant.waitFor((all) => all.some((c) => c.query.get('transaction_id') === transactionId));
    expect(
      merchantVerifies(
        merchant.received.find((c) => c.query.get('transaction_id') === transactionId) ?? cb!,
        merchant.url,
        secret,
        ACCOUNT,
      ),
    ).toBe(true);
  });

  it('is declined with the code and retry policy the app gave', async () => {
    const res = await pay(await session(10051));
    expect(res.body).toMatchObject({
      success: false,
      error_details: [{ code: 'insufficient_funds', category: 'temporary' }],
    });
    expect((await api.get(`/v1/transactions/${res.body.transaction_id}`)).body.status).toBe('DECLINED');
  });

  it("sends the shopper to the app's page; back on Kassa's return URL, Kassa asks the app and the payment is authorized", async () => {
    const sessionId = await session(10033);
    const res = await pay(sessionId);
    const transactionId = res.body.transaction_id as string;
    expect(res.body).toMatchObject({ success: true, redirect_url: `https://app.example/confirm/${transactionId}` });
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.status).toBe('INITIATED');
    const returnUrl = new URL(app.of('authorize').at(-1)!.body.return_url);
    // a query parameter never decides the outcome (and is refused: the app sends the shopper back to the URL as given)
    expect((await customer.get(`${returnUrl.pathname}?status=approved`)).status).toBe(400);
    expect(app.of('complete-customer-action')).toEqual([]);
    const back = await customer.get(returnUrl.pathname);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/?sid=${sessionId}&payment=${transactionId}`);
    expect(app.of('complete-customer-action')).toMatchObject([
      { signed: true, body: { transaction_id: transactionId, state: { confirm: transactionId } } },
    ]);
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.status).toBe('AUTHORIZED');
    // coming back again asks nothing more
    expect((await customer.get(returnUrl.pathname)).status).toBe(302);
    expect(app.of('complete-customer-action')).toHaveLength(1);
  });

  it('captures part and then the rest, refunds and voids through the app, each with its own operation id', async () => {
    const { transactionId } = await paid(10000);
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4000 })).status).toBe(200);
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 6000 })).status).toBe(200);
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 2500 })).status).toBe(200);
    expect(await money(srv, transactionId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      captured: 10000,
      refunded: 2500,
    });
    const other = await paid(7000);
    expect((await api.post(`/v1/transactions/${other.transactionId}/void`)).status).toBe(200);
    expect(await money(srv, other.transactionId)).toMatchObject({ status: 'AUTHORIZATION_VOIDED', voided: 7000 });
    const ops = app.received.filter((r) => ['capture', 'refund', 'void'].includes(r.method));
    expect(ops.map((r) => [r.method, r.body.amount])).toEqual([
      ['capture', 4000],
      ['capture', 6000],
      ['refund', 2500],
      ['void', 7000],
    ]);
    expect(new Set(ops.map((r) => r.body.operation_id)).size).toBe(4);
    allSigned();
  });

  it('a capture the app accepts for later is 202, then completed once the app reports it done', async () => {
    const { transactionId } = await paid(10000);
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 5002 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await money(srv, transactionId)).toMatchObject({ status: 'AUTHORIZED', captured: 0, pendingCapture: 5002 });
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, transactionId)).toMatchObject({ captured: 0, pendingCapture: 5002 });
    settled = true;
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, transactionId)).toMatchObject({
      status: 'PARTIALLY_CAPTURED',
      captured: 5002,
      pendingCapture: 0,
    });
    expect(app.of('status').every((r) => r.body.operation_id === app.of('capture').at(-1)!.body.operation_id)).toBe(
      true,
    );
  });

  it('a capture the app accepts for later and then fails: the reservation comes back with a failed event, and another capture can take it', async () => {
    const { transactionId } = await paid(10000);
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 5002,
      capture_reference: 'accepted-then-failed',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    [settled, ends] = [true, 'failed'];
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, transactionId)).toMatchObject({ status: 'AUTHORIZED', captured: 0, pendingCapture: 0 });
    const failed = (await eventsOf(api, transactionId)).at(-1)!;
    expect(failed).toMatchObject({
      event: 'CAPTURE',
      success: false,
      amount: 5002,
      error: { code: 'OPERATION_FAILED' },
      initiate_request_id: res.headers.get('event-request-id'),
    });
    const operationId = app.of('capture').at(-1)!.body.operation_id;
    const asked = () => app.of('status').filter((r) => r.body.operation_id === operationId).length;
    const askedBefore = asked();
    await completePendingOperations(srv.kassa.ctx);
    expect(asked()).toBe(askedBefore); // it ended: not asked again
    const again = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 10000 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await money(srv, transactionId)).toMatchObject({ status: 'CAPTURED', captured: 10000 });
  });

  it('the app slow or answering an error: 202 with the outcome unknown and the amount reserved; the same reference sends nothing new; settled once the app says done', async () => {
    const { transactionId } = await paid(10000);
    app.reply = () => 'hang';
    const slow = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 3000,
      capture_reference: 'cap-1',
    });
    expect(slow.status, JSON.stringify(slow.body)).toBe(202);
    expect(slow.body.events.at(-1)).toMatchObject({ event: 'INITIATE_CAPTURE', provider_outcome: 'unknown' });
    app.reply = () => ({ status: 500, json: {} });
    const failing = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 2000,
      capture_reference: 'cap-2',
    });
    expect(failing.status, JSON.stringify(failing.body)).toBe(202);
    expect(await money(srv, transactionId)).toMatchObject({ captured: 0, pendingCapture: 5000 });
    app.reply = rules;
    const repeat = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 3000,
      capture_reference: 'cap-1',
    });
    expect([repeat.status, repeat.headers.get('event-request-id')]).toEqual([
      202,
      slow.headers.get('event-request-id'),
    ]);
    settled = true; // the app did both: its status says done
    await completePendingOperations(srv.kassa.ctx);
    await expect.poll(async () => (await money(srv, transactionId)).captured).toBe(5000);
    const captures = app.of('capture').filter((r) => r.body.transaction_id === transactionId);
    expect(captures).toHaveLength(2); // cap-1 was sent once
  });

  it('the app silent while paying: being confirmed, never failed; the app never got it, so it closes and pays again once', async () => {
    const sessionId = await session(10000);
    app.reply = () => 'hang';
    const confirming = await pay(sessionId);
    expect(confirming.status).toBe(200);
    // the app may have authorized: the shopper's page is sent back to itself to show the payment being confirmed
    expect(confirming.body).toMatchObject({ success: true, actions: [{ code: 'PAYMENT_CONFIRMING' }] });
    expect(confirming.body.redirect_url).toContain(`sid=${sessionId}`);
    const txId = String(confirming.body.transaction_id);
    const statusOf = async () =>
      (
        await srv.kassa.ctx.database.db
          .selectFrom('transactions')
          .select('status')
          .where('id', '=', txId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await statusOf()).toBe('INITIATED');
    // asked, the app says it never received that authorization: closed, and the session pays again
    app.reply = (r) => (r.method === 'authorization-status' ? { json: { result: 'unknown' } } : rules(r));
    await expect
      .poll(async () => (await recoverStalePayments(srv.kassa.ctx), statusOf()), { timeout: WAIT_MS })
      .toBe('FAILED');
    expect(app.of('authorization-status').map((r) => [r.body.transaction_id, r.signed])).toContainEqual([txId, true]);
    const again = await pay(sessionId);
    expect(again.body.success, JSON.stringify(again.body)).toBe(true);
    const txs = await srv.kassa.ctx.database.db
      .selectFrom('transactions')
      .select('status')
      .where('session_id', '=', sessionId)
      .execute();
    expect(txs.map((t) => t.status).sort()).toEqual(['AUTHORIZED', 'FAILED']);
  });

  it('is not offered by a session whose account has no such app', async () => {
    const res = await api.post(
      '/v1/sessions',
      sessionBody({ configuration: { payment_app: { nobody: { enabled: true } } } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('PAYMENT_PRODUCT_NOT_ENABLED');
  });
});
