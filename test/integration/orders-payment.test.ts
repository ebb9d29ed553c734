import { describe, expect, it } from 'vitest';
import { ApiClient, DECLINE_CARD, payBody } from '../support/api-client';
import { ACCOUNT } from '../support/test-server';
import { createSession, paidSession, useKassa } from '../support/fixtures';

const { api } = useKassa();

const put = (path: string, body?: unknown) => api.request('PUT', path, body);
const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;
let seq = 0;

/** An order of 10000 NOK (two items) with a fresh order_id. */
const newOrder = async () => {
  const orderId = `ord-${Date.now().toString(36)}-${++seq}`;
  const d = await api.post(`${SHOP}/draft_orders`, {
    currency: 'NOK',
    order_id: orderId,
    items: [
      { line_id: '1', gross_amount: 6000 },
      { line_id: '2', gross_amount: 4000 },
    ],
  });
  const res = await put(`${SHOP}/draft_orders/${d.body.id}/complete`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0];
};
const payOrder = (orderId: string, amount = 10000) =>
  paidSession(api, {
    order: {
      merchant_reference: orderId,
      amount,
      items: amount === 10000 ? undefined : [{ line_id: '1', description: 'Part', quantity: 1, amount, vat_amount: 0 }],
    },
  });
const paymentOf = async (orderId: string) => {
  const { payment_status, payment_details } = (await api.get(`${SHOP}/orders/${orderId}`)).body;
  return { payment_status, payment_details };
};
const details = (d: Partial<Record<string, number>>) => ({
  remaining_authorization_amount: 0,
  remaining_capture_amount: 0,
  remaining_cancellation_amount: 0,
  remaining_refund_amount: 0,
  amount_due: 10000,
  ...d,
});

describe('payment_status follows the checkout transactions of sessions whose merchant_reference is the order_id', () => {
  it('is pending with nothing authorized, and after a declined payment', async () => {
    const order = await newOrder();
    expect({ payment_status: order.payment_status, payment_details: order.payment_details }).toEqual({
      payment_status: 'pending',
      payment_details: details({ remaining_authorization_amount: 10000 }),
    });
    const session = await createSession(api, {}, { merchant_reference: order.order_id });
    await new ApiClient(api.baseUrl).post(`/v1/sessions/${session.id}/pay`, payBody(DECLINE_CARD));
    expect((await paymentOf(order.order_id)).payment_status).toBe('pending');
  });

  it('authorization of the whole amount: paid; captures and refunds move it to partially_refunded and refunded, with payment_details', async () => {
    const order = await newOrder();
    const { transactionId } = await payOrder(order.order_id);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'paid',
      payment_details: details({ remaining_capture_amount: 10000, remaining_cancellation_amount: 10000 }),
    });
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 10000 })).status).toBe(200);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'paid',
      payment_details: details({ remaining_refund_amount: 10000, amount_due: 0 }),
    });
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 3000 })).status).toBe(200);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'partially_refunded',
      payment_details: details({ remaining_refund_amount: 7000, amount_due: 0 }),
    });
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 7000 })).status).toBe(200);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'refunded',
      payment_details: details({ amount_due: 0 }),
    });
  });

  it('authorization of part of the amount: partially_paid; a second one for the rest: paid; the list shows the same', async () => {
    const order = await newOrder();
    const first = await payOrder(order.order_id, 4000);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'partially_paid',
      payment_details: details({
        remaining_authorization_amount: 6000,
        remaining_capture_amount: 4000,
        remaining_cancellation_amount: 4000,
      }),
    });
    await api.post(`/v1/transactions/${first.transactionId}/capture`, { amount: 4000 });
    await payOrder(order.order_id, 6000);
    expect(await paymentOf(order.order_id)).toEqual({
      payment_status: 'paid',
      payment_details: details({
        remaining_capture_amount: 6000,
        remaining_cancellation_amount: 6000,
        remaining_refund_amount: 4000,
        amount_due: 6000,
      }),
    });
    const listed: { order_id: string; payment_status: string }[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: { body: typeof listed; headers: Headers } = await api.get(
        `${SHOP}/orders?limit=100${cursor ? `&starting_after=${cursor}` : ''}`,
      );
      listed.push(...page.body);
      cursor = page.headers.get('paging_token');
    }
    expect(listed.find((o) => o.order_id === order.order_id)?.payment_status).toBe('paid');
  });

  it('a voided authorization no longer counts', async () => {
    const order = await newOrder();
    const { transactionId } = await payOrder(order.order_id);
    expect((await api.post(`/v1/transactions/${transactionId}/void`)).status).toBe(200);
    expect((await paymentOf(order.order_id)).payment_status).toBe('pending');
  });
});
