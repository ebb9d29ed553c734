import { describe, expect, it } from 'vitest';
import { APPROVE_CARD, NORWEGIAN_CONTACT, payBody, sessionBody } from '../support/api-client';
import { createSession, paidSession, useKassa } from '../support/fixtures';

/**
 * Issue 27: rules of the specification and public shapes that real clients send or read (items 4, 10, 11, 12, 17).
 */
const { api, customer } = useKassa();
const reference = () => `ref-${Math.random().toString(36).slice(2, 10)}`;

describe('issue 27 item 4: order.event_reference is the default event reference for auto capture', () => {
  it("the auto capture's CAPTURE event carries the order's event_reference", async () => {
    const paid = await paidSession(api, {
      overrides: { configuration: { auto_capture: true } },
      order: { event_reference: 'ship-2026-11-27' },
    });
    await expect
      .poll(async () => {
        const tx = await api.get(`/v1/transactions/${paid.transactionId}`);
        return tx.body.events.find((e: { event: string }) => e.event === 'CAPTURE');
      })
      .toMatchObject({ event: 'CAPTURE', success: true, event_reference: 'ship-2026-11-27' });
  });
});

describe('issue 27 items 4 and 14: every capture and refund event names its event_reference', () => {
  it("capture_reference and refund_reference are the events' event_reference; a void has none", async () => {
    const paid = await paidSession(api);
    const tx = `/v1/transactions/${paid.transactionId}`;
    expect((await api.post(`${tx}/capture`, { amount: 10000, capture_reference: 'cap-1' })).status).toBe(200);
    expect((await api.post(`${tx}/refund`, { amount: 2500, refund_reference: 'ref-1' })).status).toBe(200);
    expect((await api.post(`${tx}/refund`, { amount: 2500 })).status).toBe(200);
    const events = (await api.get(tx)).body.events as { event: string; event_reference?: string }[];
    expect(events.map((e) => [e.event, e.event_reference])).toEqual([
      ['INITIALIZE', undefined],
      ['AUTHORIZE', undefined],
      ['CAPTURE', 'cap-1'],
      ['REFUND', 'ref-1'],
      ['REFUND', undefined],
    ]);
  });
});

describe('issue 27 item 10: PUT /v1/sessions/{id} takes the public SessionOrderUpdate, which has no merchant_reference', () => {
  it('an order without merchant_reference is 200 and keeps the stored one', async () => {
    const s = await createSession(api);
    const { merchant_reference: _kept, ...order } = s.body.order;
    const res = await api.request('PUT', `/v1/sessions/${s.id}?update_without_lock=true`, {
      order: { ...order, amount: 9000, items: [{ ...order.items[0], amount: 9000 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ amount: 9000, merchant_reference: s.body.order.merchant_reference });
    const read = await api.get(`/v1/sessions/${s.id}`);
    expect(read.body.order.merchant_reference).toBe(s.body.order.merchant_reference);
  });

  it('an order without merchant_reference_2 keeps the stored one too', async () => {
    const s = await createSession(api, {}, { merchant_reference_2: 'second-ref' });
    const { merchant_reference: _a, merchant_reference_2: _b, ...order } = s.body.order as Record<string, unknown>;
    const res = await api.request('PUT', `/v1/sessions/${s.id}?update_without_lock=true`, { order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      merchant_reference: s.body.order.merchant_reference,
      merchant_reference_2: 'second-ref',
    });
  });

  it('an order that states merchant_reference still changes it (as before)', async () => {
    const s = await createSession(api);
    const res = await api.request('PUT', `/v1/sessions/${s.id}?update_without_lock=true`, {
      order: { ...s.body.order, merchant_reference: 'renamed-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await api.get(`/v1/sessions/${s.id}`)).body.order.merchant_reference).toBe('renamed-1');
  });
});

describe('issue 27 item 11: POST /v1/sessions/payment-token takes the public body, whose order has no amount', () => {
  it('an order without amount is 200 and reads back with amount 0', async () => {
    const created = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://shop.example/card-saved' },
        order: { currency: 'NOK', merchant_reference: reference() },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await api.get(`/v1/sessions/${created.body.id}`)).body.order.amount).toBe(0);
  });

  it('an amount other than 0 is still refused with its field path', async () => {
    const res = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://shop.example/card-saved' },
        order: { amount: 100, currency: 'NOK', merchant_reference: reference() },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.errors)).toContain('amount');
  });
});

describe('issue 27 item 12: POST /v1/sessions/pay answering 400 carries the session pay result beside error', () => {
  const pay = (order: Record<string, unknown>, tokens: unknown, headers?: Record<string, string>) =>
    api.post(
      '/v1/sessions/pay',
      {
        session: { order: { amount: 2500, currency: 'NOK', ...order }, customer: { customer_id: 'c-1', tokens } },
        payment: { payment_product_type: 'sandbox.creditcard' },
      },
      headers,
    );

  it('a body the schema refuses: 400 with error and success: false', async () => {
    const res = await pay({ merchant_reference: '' }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('no card token: 400 PAYMENT_TOKEN_REQUIRED with success: false, and no session is made', async () => {
    const res = await pay({ merchant_reference: reference() }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'PAYMENT_TOKEN_REQUIRED' } });
    expect(res.body).not.toHaveProperty('session_id');
  });

  it('a duplicate reference under strict-merchant-reference: 400 with success: false', async () => {
    const ref = reference();
    await createSession(api, {}, { merchant_reference: ref });
    const res = await pay(
      { merchant_reference: ref },
      { 'sandbox.creditcard': { payment_token: 'sbx_pt_x' } },
      {
        'kassa-feature-toggles': 'strict-merchant-reference',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'DUPLICATE_MERCHANT_REFERENCE' } });
  });

  it('a declined token stays a 200 with status FAILED (the specification: authorization errors are 200)', async () => {
    const res = await pay({ merchant_reference: reference() }, { 'sandbox.creditcard': { payment_token: 'sbx_pt_x' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: false, status: 'FAILED', session_id: expect.any(String) });
  });
});

describe('issue 27 item 17: PUT on /v1/sessions/pay and /v1/sessions/payment-token is 405, not a session update', () => {
  for (const path of ['/v1/sessions/pay', '/v1/sessions/payment-token']) {
    it(`PUT ${path}: 405 with Allow: POST`, async () => {
      const res = await api.request('PUT', path, { order: { amount: 1, currency: 'NOK' } });
      expect(res.status, JSON.stringify(res.body)).toBe(405);
      expect(res.headers.get('allow')).toMatch(/\bPOST\b/);
      expect(res.headers.get('allow')).not.toMatch(/\bPUT\b/);
      expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    });
  }
  it('GET /v1/sessions/pay is 405 too (it is no session id)', async () => {
    const res = await api.get('/v1/sessions/pay');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/\bPOST\b/);
  });
  it('a real session id still reads and updates', async () => {
    const s = await createSession(api);
    expect((await api.get(`/v1/sessions/${s.id}`)).status).toBe(200);
    const paid = await customer.post(`/v1/sessions/${s.id}/pay`, payBody(APPROVE_CARD));
    expect(paid.status).toBe(200);
  });
});

describe('issue 27 items 2 and 13: what a session create declares and a session read shows', () => {
  it('order.store, order.payout_destination_id, order.event_reference and configuration.default_customer_type are taken and read back', async () => {
    const store = { id: 'oslo-1', name: 'Oslo city', terminal_id: 'T1', payout_destination_id: 'pd_oslo-1' };
    const s = await createSession(
      api,
      { configuration: { default_customer_type: 'b2b' } },
      { store, payout_destination_id: 'pd_main', event_reference: 'evt-1' },
    );
    const read = (await api.get(`/v1/sessions/${s.id}`)).body;
    expect(read.order).toMatchObject({ store, payout_destination_id: 'pd_main', event_reference: 'evt-1' });
    expect(read.configuration.default_customer_type).toBe('b2b');
  });

  it('refuses a payout_destination_id outside the public pattern and an unknown default_customer_type, with their paths', async () => {
    for (const [overrides, order, path] of [
      [{}, { payout_destination_id: 'has space' }, 'order.payout_destination_id'],
      [{}, { store: { payout_destination_id: 'x'.repeat(41) } }, 'order.store.payout_destination_id'],
      [{ configuration: { default_customer_type: 'b2x' } }, {}, 'configuration.default_customer_type'],
    ] as const) {
      const res = await api.post('/v1/sessions', sessionBody(overrides, order));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('the read shows country (the shipping address, else the billing address) and the visitor of the checkout page', async () => {
    const shipped = await createSession(api, {}, { shipping_address: { ...NORWEGIAN_CONTACT, country: 'NO' } });
    expect((await api.get(`/v1/sessions/${shipped.id}`)).body.country).toBe('NO');
    const billed = await createSession(api, {}, { billing_address: { ...NORWEGIAN_CONTACT, country: 'SE' } });
    expect((await api.get(`/v1/sessions/${billed.id}`)).body.country).toBe('SE');
    const none = await createSession(api);
    const before = (await api.get(`/v1/sessions/${none.id}`)).body;
    // issue 37 item 16: the spec's "present on the read shape": null when no address says
    expect(before).toHaveProperty('country', null);
    const listed = (await api.get(`/v1/sessions?limit=100`)).body as { id: string }[];
    expect(listed.find((s) => s.id === none.id)).toHaveProperty('country', null);
    expect(listed.find((s) => s.id === shipped.id)).toHaveProperty('country', 'NO');
    const included = await api.post('/v1/sessions?include_session=true', sessionBody());
    expect(included.body.session).toHaveProperty('country', null);
    expect(before).not.toHaveProperty('customer_ip');

    const view = await customer.get(`/v1/view/${none.id}/session`, { 'user-agent': 'ShopperBrowser/1.0' });
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain('customer_ip');
    const after = (await api.get(`/v1/sessions/${none.id}`)).body;
    expect(after).toMatchObject({ customer_ip: '127.0.0.1', user_agent: 'ShopperBrowser/1.0' });
  });

  it('the document declares them, and the session event names with Kassa’s own named', async () => {
    const doc = JSON.stringify((await customer.get('/v1/openapi.json')).body);
    for (const field of [
      'default_customer_type',
      'payout_destination_id',
      'event_reference',
      'customer_ip',
      'user_agent',
    ])
      expect(doc).toContain(`"${field}"`);
    expect(doc).toMatch(/Kassa's own: PAYMENT_STARTED, ON_HOLD, PAYMENT_REDIRECT/);
  });
});

describe('issue 27 item 8: capture, refund and void answer with the request headers included, as by default since 2023-09', () => {
  it("each answer shows its events' request_headers and the initiating system's, with or without includes", async () => {
    const headers = { 'kassa-system-name': 'shop-backend', 'user-agent': 'ShopBackend/2.0' };
    const paid = await paidSession(api);
    const tx = `/v1/transactions/${paid.transactionId}`;
    const capture = await api.post(`${tx}/capture`, { amount: 6000 }, headers);
    const refund = await api.post(`${tx}/refund?includes=events.request_headers`, { amount: 1000 }, headers);
    for (const [name, res] of [
      ['capture', capture],
      ['refund', refund],
    ] as const) {
      expect(res.status, name).toBe(200);
      expect(res.body.initiating_system_request_headers, name).toEqual(expect.any(Object));
      const last = res.body.events.at(-1);
      expect(last.request_headers, name).toMatchObject({ 'user-agent': 'ShopBackend/2.0' });
      expect(JSON.stringify(res.body.events)).not.toMatch(/Bearer\s/); // the header is there, redacted
    }
    const other = await paidSession(api);
    const voided = await api.post(`/v1/transactions/${other.transactionId}/void`, undefined, headers);
    expect(voided.status).toBe(200);
    expect(voided.body.events.at(-1).request_headers).toMatchObject({ 'user-agent': 'ShopBackend/2.0' });
    // the plain read stays without them unless asked
    expect((await api.get(tx)).body.events.at(-1)).not.toHaveProperty('request_headers');
  });
});
