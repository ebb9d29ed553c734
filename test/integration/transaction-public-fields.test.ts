import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { cardTransaction, eventsOf, invoiceTransaction, reference, setGateway } from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

/** Issue 27 items 7 and 14: the transaction fields real clients read. */
const { srv, api, customer, other } = useKassa({ other: true });

const checkout = (client: ApiClient, merchant?: { country?: string; merchant_category_code?: string }) =>
  client.request('PUT', '/v1/admin/checkout', { configuration: merchant ? { merchant } : {} });
const read = async (id: string, query = '') => {
  const res = await api.get(`/v1/transactions/${id}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

afterAll(async () => {
  await checkout(api);
  await checkout(other);
});

describe('metadata.merchant_country and metadata.merchant_category_code', () => {
  it("come from the account's checkout configuration on new transactions; another account's never shows them", async () => {
    expect((await checkout(api, { country: 'NO', merchant_category_code: '5814' })).status).toBe(200);
    await checkout(other);
    const mine = await cardTransaction(api, customer);
    const theirs = await cardTransaction(other, customer);
    expect((await read(mine.transactionId)).metadata).toMatchObject({
      merchant_country: 'NO',
      merchant_category_code: '5814',
    });
    const theirsBody = (await other.get(`/v1/transactions/${theirs.transactionId}`)).body;
    expect(theirsBody.metadata?.merchant_country).toBeUndefined();
    expect(theirsBody.metadata?.merchant_category_code).toBeUndefined();

    await checkout(other, { country: 'SE', merchant_category_code: '5411' });
    const theirsNow = await cardTransaction(other, customer);
    expect((await other.get(`/v1/transactions/${theirsNow.transactionId}`)).body.metadata).toMatchObject({
      merchant_country: 'SE',
      merchant_category_code: '5411',
    });
    expect((await read(mine.transactionId)).metadata).toMatchObject({ merchant_country: 'NO' });
    expect((await read((await cardTransaction(api, customer)).transactionId)).metadata).toMatchObject({
      merchant_country: 'NO',
      merchant_category_code: '5814',
    });
  });

  it('keep the session metadata next to them, and are read back with the checkout configuration', async () => {
    await checkout(api, { country: 'DK', merchant_category_code: '0742' });
    expect((await api.get('/v1/admin/checkout')).body.configuration.merchant).toEqual({
      country: 'DK',
      merchant_category_code: '0742',
    });
    const created = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: { amount: 1000, currency: 'NOK', merchant_reference: reference() },
      metadata: { order_source: 'web' },
    });
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: '4111111111111111', expiry: '12/39', cvc: '123' },
      },
    });
    expect((await read(paid.body.transaction_id)).metadata).toEqual({
      order_source: 'web',
      merchant_country: 'DK',
      merchant_category_code: '0742',
    });
  });

  it("a sandbox gateway PUT neither takes nor clears them (they are not the sandbox's)", async () => {
    await checkout(api, { country: 'NO', merchant_category_code: '5814' });
    const refused = await api.request('PUT', '/v1/admin/gateways/sandbox', {
      configuration: { sandbox: { merchant_country: 'SE' } },
    });
    expect(refused.status).toBe(400);
    await setGateway(api, {});
    expect((await read((await cardTransaction(api, customer)).transactionId)).metadata).toMatchObject({
      merchant_country: 'NO',
      merchant_category_code: '5814',
    });
  });

  it('a bad country or category code is 400 and changes nothing', async () => {
    await checkout(api, { country: 'NO', merchant_category_code: '5814' });
    for (const bad of [{ country: 'nor' }, { country: 'NOR' }, { merchant_category_code: '58140' }]) {
      const res = await checkout(api, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await api.get('/v1/admin/checkout')).body.configuration.merchant).toEqual({
      country: 'NO',
      merchant_category_code: '5814',
    });
  });
});

describe('store, payout_destination_id, dynamic_descriptor and settlement_status', () => {
  it('are copied from the session; settlement_status is absent until something is captured', async () => {
    const seller = reference('seller');
    const { transactionId } = await cardTransaction(api, customer, {
      order: { store: { id: 'sc029', name: 'SC Oslo', payout_destination_id: seller } },
      configuration: { dynamic_descriptor: 'KASSA*SHOP 42' },
    });
    const tx = await read(transactionId);
    expect(tx).toMatchObject({
      store: { id: 'sc029', name: 'SC Oslo', payout_destination_id: seller },
      payout_destination_id: seller,
      dynamic_descriptor: 'KASSA*SHOP 42',
    });
    expect(tx.settlement_status).toBeUndefined();
    const [listed] = (await api.get(`/v1/transactions?payout_destination_id=${seller}`)).body;
    expect(listed).toMatchObject({ id: transactionId, payout_destination_id: seller, store: { id: 'sc029' } });

    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 3000 })).status).toBe(200);
    expect((await read(transactionId)).settlement_status).toBe('NOT_SETTLED');
    // The general mapper (with includes) answers the same fields as the fast read.
    const general = await read(transactionId, '?includes=events.request_headers');
    expect(general).toMatchObject({ payout_destination_id: seller, settlement_status: 'NOT_SETTLED' });
  });

  it('order.payout_destination_id wins, and a transaction without them shows none', async () => {
    const { transactionId } = await cardTransaction(api, customer, { order: { payout_destination_id: 'top-1' } });
    expect((await read(transactionId)).payout_destination_id).toBe('top-1');
    const plain = await read((await cardTransaction(api, customer)).transactionId);
    for (const key of ['store', 'payout_destination_id', 'dynamic_descriptor', 'settlement_status'])
      expect(plain[key], key).toBeUndefined();
  });

  it('a dynamic_descriptor longer than 40 characters is 400 and creates nothing', async () => {
    const ref = reference();
    const res = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: { amount: 1000, currency: 'NOK', merchant_reference: ref },
      configuration: { dynamic_descriptor: 'x'.repeat(41) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    const rows = await srv.kassa.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('merchant_reference', '=', ref)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('customer_ip and user_agent', () => {
  it("are the shopper's pay request's, shown to the merchant only", async () => {
    const created = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: { amount: 1000, currency: 'NOK', merchant_reference: reference() },
    });
    const paid = await customer.post(
      `/v1/sessions/${created.body.id}/pay`,
      {
        payment: {
          payment_product_type: 'sandbox.creditcard',
          card: { number: '4111111111111111', expiry: '12/39', cvc: '123' },
        },
      },
      { 'user-agent': 'Mozilla/5.0 (KassaTest)' },
    );
    const id = paid.body.transaction_id as string;
    const tx = await read(id);
    expect(tx.user_agent).toBe('Mozilla/5.0 (KassaTest)');
    expect(tx.customer_ip).toMatch(/127\.0\.0\.1|::1/);
    expect((await other.get(`/v1/transactions/${id}`)).status).toBe(404);
    expect((await other.get(`/v1/transactions?ids=${id}`)).body).toEqual([]);
  });

  it('a merchant-initiated payment has neither', async () => {
    const { transactionId } = await invoiceTransaction(api);
    const tx = await read(transactionId);
    expect(tx.customer_ip).toBeUndefined();
    expect(tx.user_agent).toBeUndefined();
  });
});

describe('events: transaction_status and correlation_request_id', () => {
  it("each event shows the transaction's status after it", async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 6000 });
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4000 });
    await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1000 });
    const expected = [
      ['INITIALIZE', 'INITIATED'],
      ['AUTHORIZE', 'AUTHORIZED'],
      ['CAPTURE', 'PARTIALLY_CAPTURED'],
      ['CAPTURE', 'CAPTURED'],
      ['REFUND', 'PARTIALLY_REFUNDED'],
    ];
    const fast = (await read(transactionId)).events;
    expect(fast.map((e: { event: string; transaction_status: string }) => [e.event, e.transaction_status])).toEqual(
      expected,
    );
    expect(
      (await read(transactionId, '?includes=events.request_headers')).events.map((e: never) => e['transaction_status']),
    ).toEqual(expected.map(([, s]) => s));
  });

  it('a declined attempt shows DECLINED', async () => {
    const created = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: { amount: 1000, currency: 'NOK', merchant_reference: reference() },
    });
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: '4000000000000002', expiry: '12/39', cvc: '123' },
      },
    });
    const events = await eventsOf(api, paid.body.transaction_id);
    expect(events.at(-1)).toMatchObject({ event: 'AUTHORIZE', success: false, transaction_status: 'DECLINED' });
  });

  it('the event completing a 202 carries correlation_request_id, the same value as initiate_request_id', async () => {
    const { transactionId } = await cardTransaction(api, customer, { amount: 1002, items: null });
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1002 });
    expect(res.status).toBe(202);
    const requestId = res.headers.get('event-request-id');
    await expect
      .poll(async () => (await eventsOf(api, transactionId)).some((e) => e.initiate_request_id === requestId))
      .toBe(true);
    const done = (await eventsOf(api, transactionId)).find((e) => e.initiate_request_id === requestId)!;
    expect(done).toMatchObject({
      event: 'CAPTURE',
      correlation_request_id: requestId,
      transaction_status: 'CAPTURED',
    });
  });
});
