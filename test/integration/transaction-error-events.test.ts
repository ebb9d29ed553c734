import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completePendingOperations } from '../../server/payments';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { cardTransaction, eventsOf, setGateway, type TxEvent } from '../support/transaction-helpers';

/**
 * Issue 27 item 5: a failed transaction event carries its error in the public shape (`error_code`, `type`,
 * `error.retry_policy.retry_codes`) beside the stored `{code, message}` and the event's `retry_policy.retryable`,
 * the same on every read path (the JSON of GET, the general mapper with includes, the list).
 */
const { srv, api, customer } = useKassa();

const DECLINE_CARD = '4000000000000002';
const INSUFFICIENT_FUNDS_CARD = '4000000000009995';
const AUTO = { sandbox: { creditcard: { enabled: true } }, auto_capture: true };

/** The event as each read path shows it: all the same. */
const failedEvent = async (transactionId: string, event: string): Promise<TxEvent> => {
  const plain = (await eventsOf(api, transactionId)).filter((e) => !e.success && e.event === event);
  const mapped = (await api.get(`/v1/transactions/${transactionId}?includes=session`)).body.events.filter(
    (e: TxEvent) => !e.success && e.event === event,
  );
  const listed = (await api.get(`/v1/transactions?ids=${transactionId}`)).body[0].events.filter(
    (e: TxEvent) => !e.success && e.event === event,
  );
  expect(plain).toHaveLength(1);
  expect(mapped).toEqual(plain);
  expect(listed).toEqual(plain);
  return plain[0]!;
};

beforeEach(() => setGateway(api, { unavailable: false, async_operations: false }));

describe('failed events in the public shape', () => {
  it('a declined card: error_code, type DECLINED, DO_NOT_RETRY, and retry_policy.retryable false as before', async () => {
    const { transactionId } = await cardTransaction(api, customer, { card: DECLINE_CARD });
    const e = await failedEvent(transactionId, 'AUTHORIZE');
    expect(e.error).toEqual({
      code: 'card_declined',
      message: expect.any(String),
      error_code: 'card_declined',
      type: ['DECLINED'],
      retry_policy: { retry_codes: ['DO_NOT_RETRY'] },
    });
    expect(e.retry_policy).toEqual({ retryable: false });
  });

  it('insufficient funds: DECLINED and INSUFFICIENT_FUNDS, may be retried at once', async () => {
    const { transactionId } = await cardTransaction(api, customer, { card: INSUFFICIENT_FUNDS_CARD });
    const e = await failedEvent(transactionId, 'AUTHORIZE');
    expect(e.error).toMatchObject({
      code: 'insufficient_funds',
      error_code: 'insufficient_funds',
      type: ['DECLINED', 'INSUFFICIENT_FUNDS'],
      retry_policy: { retry_codes: ['RETRY_IMMEDIATELY'] },
    });
    expect(e.retry_policy).toEqual({ retryable: true });
  });

  it('a provider outage (the auto capture with the sandbox unavailable): type ERROR, RETRY_AFTER_DELAY, the stored policy kept', async () => {
    await setGateway(api, { unavailable: true });
    const { transactionId } = await cardTransaction(api, customer, { configuration: AUTO });
    const e = await failedEvent(transactionId, 'CAPTURE');
    expect(e.error).toEqual({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.any(String),
      error_code: 'PROVIDER_UNAVAILABLE',
      type: ['ERROR'],
      retry_policy: { retry_codes: ['RETRY_AFTER_DELAY'] },
    });
    expect(e.retry_policy).toEqual({ retryable: true, action: 'capture manually' });
  });

  it('the OpenAPI document declares the shape', async () => {
    const doc = JSON.stringify((await api.get('/v1/openapi.json')).body);
    for (const name of ['error_code', 'retry_codes', 'RETRY_AFTER_DELAY', 'INSUFFICIENT_FUNDS', 'retryable'])
      expect(doc).toContain(name);
  });
});

describe('a capture the payment provider refused', () => {
  let app: PaymentAppServer;
  let ends: 'pending' | 'failed' = 'pending';
  const rules = (r: AppRequest): AppReply => {
    if (r.method === 'authorize') return { json: { result: 'approved', provider_reference: 'acme-1' } };
    if (r.method === 'status') return { json: { result: ends } };
    return { json: { result: r.method === 'capture' ? 'pending' : 'done' } };
  };
  beforeAll(async () => {
    const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
    app.reply = rules;
    const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
      configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 500 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  });
  afterAll(() => app.close());

  it('accepted for later, then failed: OPERATION_FAILED, type ERROR, retryable after a delay', async () => {
    const body = sessionBody(
      { configuration: { payment_app: { acme: { enabled: true } } } },
      { amount: 10000, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount: 10000, vat_amount: 0 }] },
    );
    const created = await api.post('/v1/sessions', body);
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
      payment: { payment_product_type: 'payment_app.acme' },
    });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ success: true });
    const transactionId = paid.body.transaction_id as string;
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 5000 })).status).toBe(202);
    ends = 'failed';
    await completePendingOperations(srv.kassa.ctx);
    const e = await failedEvent(transactionId, 'CAPTURE');
    expect(e.error).toEqual({
      code: 'OPERATION_FAILED',
      message: expect.any(String),
      error_code: 'OPERATION_FAILED',
      type: ['ERROR'],
      retry_policy: { retry_codes: ['RETRY_AFTER_DELAY'] },
    });
    expect(e.retry_policy).toEqual({ retryable: true });
  });
});
