import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePendingOperations } from '../../server/payments';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { cardTransaction, money } from '../support/transaction-helpers';

/**
 * Issue 38 item 1: the provider's own reference of an approval, and an opaque object of its own, were
 * thrown away; a capture, refund, void or status question carried neither, nor the order lines a
 * capture concerns. They are stored with the transaction and handed back to every later call; the
 * merchant sees the reference on the AUTHORIZE event.
 */
const { srv, api, customer } = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });
let app: PaymentAppServer;
let secret: string;
let pendingCaptures = false;
const dataOf = (tx: string) => ({ acme_id: `acme-${tx.slice(-6)}`, held_at: 'acme-bank' });

const rules = (r: AppRequest): AppReply => {
  const tx = r.body.transaction_id as string;
  if (r.method === 'authorize')
    return { json: { result: 'approved', provider_reference: `ref-${tx}`, provider_data: dataOf(tx) } };
  if (r.method === 'status') return { json: { result: 'done' } };
  if (r.method === 'transactionStatus' || r.method === 'transaction-status') return { json: { operations: [] } };
  return { json: { result: r.method === 'capture' && pendingCaptures ? 'pending' : 'done' } };
};

beforeAll(async () => {
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  app.reply = rules;
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/lines', {
    configuration: {
      payment_app: {
        url: app.url,
        display_name: 'Lines Pay',
        capabilities: { item_based: true, customer_action: false },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
});
afterAll(() => app.close());

const authorized = async () => {
  const body = sessionBody(
    { configuration: { payment_app: { lines: { enabled: true } } } },
    {
      amount: 10000,
      items: [
        { line_id: '1', description: 'Widget', quantity: 1, amount: 6000, vat_amount: 0 },
        { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000, vat_amount: 0 },
      ],
    },
  );
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
    payment: { payment_product_type: 'payment_app.lines' },
  });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  return paid.body.transaction_id as string;
};
const sent = (method: string, tx: string) => app.of(method).filter((r) => r.body.transaction_id === tx);

describe("the provider's reference and data of an approval", () => {
  it('are kept, shown on the AUTHORIZE event, and sent with the capture (with its lines), the refund and the status', async () => {
    const tx = await authorized();
    const events = (await api.get(`/v1/transactions/${tx}`)).body.events as Record<string, unknown>[];
    expect(events.find((e) => e.event === 'AUTHORIZE')).toMatchObject({
      success: true,
      provider_reference: `ref-${tx}`,
    });

    pendingCaptures = true;
    try {
      const captured = await api.post(`/v1/transactions/${tx}/capture`, {
        amount: 6000,
        items: [{ line_id: '1', amount: 6000, quantity: 1 }],
      });
      expect(captured.status, JSON.stringify(captured.body)).toBe(202);
    } finally {
      pendingCaptures = false;
    }
    const [capture] = sent('capture', tx);
    expect(capture!.body).toMatchObject({
      provider_reference: `ref-${tx}`,
      provider_data: dataOf(tx),
      items: [{ line_id: '1', amount: 6000, quantity: 1 }],
    });
    await completePendingOperations(srv.kassa.ctx); // asks the app's status of the pending capture
    const [status] = app.of('status').filter((r) => r.body.operation_id === capture!.body.operation_id);
    expect(status!.body).toMatchObject({
      transaction_id: tx,
      provider_reference: `ref-${tx}`,
      provider_data: dataOf(tx),
    });
    expect(await money(srv, tx)).toMatchObject({ captured: 6000 });

    const refunded = await api.post(`/v1/transactions/${tx}/refund`, {
      amount: 6000,
      items: [{ line_id: '1', amount: 6000, quantity: 1 }],
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(sent('refund', tx)[0]!.body).toMatchObject({
      provider_reference: `ref-${tx}`,
      provider_data: dataOf(tx),
      items: [{ line_id: '1', amount: 6000, quantity: 1 }],
    });
  });

  it('are sent with a void and with the sync of its status', async () => {
    const tx = await authorized();
    expect((await api.post(`/v1/transactions/${tx}/void`)).status).toBe(200);
    expect(sent('void', tx)[0]!.body).toMatchObject({ provider_reference: `ref-${tx}`, provider_data: dataOf(tx) });
    expect((await api.post('/v1/events/transaction/sync_status', { transaction_id: tx })).status).toBe(200);
    const asked = app.received.filter(
      (r) => r.method !== 'void' && r.method !== 'authorize' && r.body.transaction_id === tx,
    );
    expect(asked.at(-1)!.body).toMatchObject({ provider_reference: `ref-${tx}`, provider_data: dataOf(tx) });
  });

  it("the sandbox card's approval reference is on the AUTHORIZE event too", async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const events = (await api.get(`/v1/transactions/${transactionId}`)).body.events as Record<string, unknown>[];
    expect(events.find((e) => e.event === 'AUTHORIZE')!.provider_reference).toMatch(/^sbx_/);
  });
});
