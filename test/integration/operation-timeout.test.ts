import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completePendingOperations } from '../../server/payments';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { cardTransaction, eventsOf, money, setGateway } from '../support/transaction-helpers';

/**
 * A capture, refund or void that reached the provider and got no answer in time (issue 37, item 9):
 * the provider may have moved the money, so Kassa keeps the amount reserved, answers 202 with the
 * operation's `event-request-id` saying the outcome is unknown, and asks the app's `status` until it
 * knows. Only a call that never reached the app (connection refused: nothing was sent) is "nothing
 * happened", a 503 the merchant may retry.
 */
const { srv, api, customer, db } = useKassa();
let app: PaymentAppServer;
let secret: string;
/** What the app did, by operation id: it applies every operation it receives, whatever it answers. */
const applied = new Map<string, { method: string; amount: number }>();
/** The operation methods the app applies but answers too late (past Kassa's timeout) for. */
let late = new Set<string>();
/** Until set, the app's status says `pending` for what it applied (the worker of the test server asks too). */
let known = false;

const rules = (r: AppRequest): AppReply => {
  if (r.method === 'authorize')
    return { json: { result: 'approved', provider_reference: `ref-${r.body.transaction_id}` } };
  if (r.method === 'status')
    return { json: { result: !applied.has(r.body.operation_id) ? 'unknown' : known ? 'done' : 'pending' } };
  applied.set(r.body.operation_id, { method: r.method, amount: r.body.amount });
  return late.has(r.method) ? 'hang' : { json: { result: 'done' } };
};

/** An address nothing listens on: a connection to it is refused before anything is sent. */
const closedPort = async () => {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/kassa-app`;
};
const configure = async (url: string) => {
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url, display_name: 'Acme Pay', timeout_ms: 2000 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
};

beforeAll(async () => {
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  app.reply = rules;
});
afterAll(() => app.close());
beforeEach(async () => {
  late = new Set();
  known = false;
  await configure(app.url);
});

const authorized = async (amount = 10000) => {
  const body = sessionBody(
    { configuration: { payment_app: { acme: { enabled: true } } } },
    { amount, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount, vat_amount: 0 }] },
  );
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
    payment: { payment_product_type: 'payment_app.acme' },
  });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  return paid.body.transaction_id as string;
};
const post = (tx: string, op: string, body: Record<string, unknown> = {}) =>
  api.post(`/v1/transactions/${tx}/${op}`, body);
const operationsOf = (tx: string) =>
  db().selectFrom('transaction_operations').select(['status']).where('transaction_id', '=', tx).execute();
/** What the app applied for a transaction's operations, in order. */
const appliedFor = (tx: string) =>
  app.received
    .filter((r) => ['capture', 'refund', 'void'].includes(r.method) && r.body.transaction_id === tx)
    .map((r) => applied.get(r.body.operation_id));

/** The first answer: 202, its event-request-id, and an INITIATE_* event saying the outcome is not known. */
const expectUnresolved = async (res: Awaited<ReturnType<typeof post>>, event: string, amount: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const eventRequestId = res.headers.get('event-request-id');
  expect(eventRequestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.body.events.at(-1)).toMatchObject({
    event,
    success: true,
    amount,
    event_request_id: eventRequestId,
    provider_outcome: 'unknown',
    message: expect.stringMatching(/did not answer.*may have/),
  });
  return eventRequestId!;
};

describe('an operation the provider applied but answered too late for', () => {
  it('capture: 202 with its reference, the amount stays reserved (no second capture), settled as captured once the app says so', async () => {
    const tx = await authorized();
    late.add('capture');
    const first = await post(tx, 'capture', { amount: 10000 });
    const eventRequestId = await expectUnresolved(first, 'INITIATE_CAPTURE', 10000);
    expect(await money(srv, tx)).toMatchObject({ status: 'AUTHORIZED', captured: 0, pendingCapture: 10000 });
    late.delete('capture');
    const again = await post(tx, 'capture', { amount: 10000 }); // a retry without the same reference
    expect(again.status, JSON.stringify(again.body)).toBe(400);
    expect(['TRANSACTION_NOT_CAPTURABLE', 'AMOUNT_EXCEEDS_AUTHORIZED']).toContain(again.body.error.code);
    known = true;
    await completePendingOperations(srv.kassa.ctx);
    await expect.poll(async () => (await money(srv, tx)).status).toBe('CAPTURED');
    expect(await money(srv, tx)).toMatchObject({ captured: 10000, pendingCapture: 0 });
    const captures = (await eventsOf(api, tx)).filter((e) => e.event === 'CAPTURE');
    expect(captures).toMatchObject([{ success: true, amount: 10000, initiate_request_id: eventRequestId }]);
    expect(appliedFor(tx)).toEqual([{ method: 'capture', amount: 10000 }]);
  });

  it('refund: 202, the refunded amount stays reserved, settled as refunded once the app says so', async () => {
    const tx = await authorized();
    expect((await post(tx, 'capture', { amount: 10000 })).status).toBe(200);
    late.add('refund');
    await expectUnresolved(await post(tx, 'refund', { amount: 6000 }), 'INITIATE_REFUND', 6000);
    expect(await money(srv, tx)).toMatchObject({ refunded: 0, pendingRefund: 6000 });
    const again = await post(tx, 'refund', { amount: 6000 });
    expect([again.status, again.body.error?.code], JSON.stringify(again.body)).toEqual([
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    ]);
    known = true;
    await completePendingOperations(srv.kassa.ctx);
    await expect.poll(async () => (await money(srv, tx)).refunded).toBe(6000);
    expect(await money(srv, tx)).toMatchObject({ status: 'PARTIALLY_REFUNDED', pendingRefund: 0 });
    expect(appliedFor(tx).map((a) => a?.method)).toEqual(['capture', 'refund']);
  });

  it('void: 202, nothing can be captured meanwhile, settled as voided once the app says so', async () => {
    const tx = await authorized();
    late.add('void');
    await expectUnresolved(await post(tx, 'void'), 'INITIATE_VOID', 10000);
    const capture = await post(tx, 'capture', { amount: 1000 });
    expect(capture.status, JSON.stringify(capture.body)).toBeGreaterThanOrEqual(400);
    known = true;
    await completePendingOperations(srv.kassa.ctx);
    await expect.poll(async () => (await money(srv, tx)).status).toBe('AUTHORIZATION_VOIDED');
    expect(await money(srv, tx)).toMatchObject({ voided: 10000, captured: 0, pendingVoid: 0 });
    expect(appliedFor(tx).map((a) => a?.method)).toEqual(['void']);
  });

  it('a repeat with the same reference answers the same 202 and sends nothing new', async () => {
    const tx = await authorized();
    late.add('capture');
    const first = await post(tx, 'capture', { amount: 4000, capture_reference: 'late-1' });
    const eventRequestId = await expectUnresolved(first, 'INITIATE_CAPTURE', 4000);
    const repeat = await post(tx, 'capture', { amount: 4000, capture_reference: 'late-1' });
    expect([repeat.status, repeat.headers.get('event-request-id')]).toEqual([202, eventRequestId]);
    expect(appliedFor(tx)).toHaveLength(1);
  });

  it('an operation the app says it never received is released after a while, with a failed event, and may be tried again', async () => {
    const tx = await authorized();
    late.add('capture');
    const first = await post(tx, 'capture', { amount: 10000 });
    const eventRequestId = await expectUnresolved(first, 'INITIATE_CAPTURE', 10000);
    applied.clear(); // the app lost it: its status answers unknown
    const recently = () =>
      db()
        .updateTable('transaction_operations')
        .set({ updated_at: new Date().toISOString() })
        .where('transaction_id', '=', tx)
        .execute();
    await recently();
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, tx)).toMatchObject({ pendingCapture: 10000 }); // too early to believe "unknown"
    await db()
      .updateTable('transaction_operations')
      .set({ updated_at: new Date(Date.now() - 120_000).toISOString() })
      .where('transaction_id', '=', tx)
      .execute();
    known = true;
    await completePendingOperations(srv.kassa.ctx);
    await expect.poll(async () => (await money(srv, tx)).pendingCapture).toBe(0);
    expect((await eventsOf(api, tx)).at(-1)).toMatchObject({
      event: 'CAPTURE',
      success: false,
      initiate_request_id: eventRequestId,
      error: { code: 'OPERATION_FAILED', message: expect.stringMatching(/never received/) },
    });
    late.delete('capture');
    expect((await post(tx, 'capture', { amount: 10000 })).status).toBe(200);
  });
});

describe('an operation that never reached the provider', () => {
  it.each(['capture', 'void'])(
    '%s: connection refused is 503 "nothing was sent", the reservation released, and a retry works',
    async (op) => {
      const tx = await authorized();
      const before = await money(srv, tx);
      await configure(await closedPort());
      const res = await post(tx, op, op === 'capture' ? { amount: 10000 } : {});
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([503, 'PROVIDER_UNAVAILABLE']);
      expect(res.body.error.message).toMatch(/could not be reached.*nothing was sent/);
      expect(await money(srv, tx)).toEqual(before);
      expect((await operationsOf(tx)).map((o) => o.status)).toEqual(['RELEASED']);
      await configure(app.url);
      const retry = await post(tx, op, op === 'capture' ? { amount: 10000 } : {});
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(appliedFor(tx)).toHaveLength(1);
    },
  );
});

describe('the sandbox acquirer switched silent (done, but its answer never comes)', () => {
  beforeEach(() => setGateway(api, { silent: true }));
  afterEach(() => setGateway(api, {}));

  it('a capture answers 202 with the outcome unknown and is settled as captured from the sandbox status', async () => {
    const { transactionId: tx } = await cardTransaction(api, customer);
    const res = await post(tx, 'capture', { amount: 4000 });
    const eventRequestId = await expectUnresolved(res, 'INITIATE_CAPTURE', 4000);
    await expect.poll(async () => (await money(srv, tx)).captured).toBe(4000);
    expect(await money(srv, tx)).toMatchObject({ status: 'PARTIALLY_CAPTURED', pendingCapture: 0 });
    expect((await eventsOf(api, tx)).filter((e) => e.event === 'CAPTURE')).toMatchObject([
      { success: true, amount: 4000, initiate_request_id: eventRequestId },
    ]);
  });

  it('an authorization update answers 503 saying the acquirer may hold the new amount; the same update again is applied', async () => {
    const { transactionId: tx } = await cardTransaction(api, customer, { items: null });
    const update = () => post(tx, 'authorization', { amount: 12000, final_authorization: false });
    const before = await money(srv, tx);
    const silent = await update();
    expect([silent.status, silent.body.error?.code], JSON.stringify(silent.body)).toEqual([
      503,
      'PROVIDER_UNAVAILABLE',
    ]);
    expect(silent.body.error.message).toMatch(/did not answer in time.*may hold the new amount.*same update again/);
    expect(await money(srv, tx)).toEqual(before);
    await setGateway(api, {});
    const again = await update();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await money(srv, tx)).toMatchObject({ status: 'AUTHORIZED', amount: 12000 });
  });
});
