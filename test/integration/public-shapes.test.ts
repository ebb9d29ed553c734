import { describe, expect, it } from 'vitest';
import { payBody, sessionBody } from '../support/api-client';
import { cardTransaction, eventsOf, money, reference } from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

const { srv, api, customer, db } = useKassa();

const count = async (table: 'sessions' | 'transactions') =>
  (await db().selectFrom(table).select('id').execute()).length;

/** A card saved on a payment-token session: the token a merchant-initiated pay charges. */
const savedCardToken = async () => {
  const created = await api.post('/v1/sessions/payment-token', {
    session: {
      url: { return_url: 'https://shop.example/r' },
      order: { amount: 0, currency: 'NOK', merchant_reference: reference('tok') },
    },
    token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
  });
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody());
  return (await api.get(`/v1/transactions/${paid.body.transaction_id}?includes=card.payment_token`)).body.card
    .payment_token as string;
};

describe('POST /v1/sessions: payment_operation and platform_type', () => {
  it('stores both, returns them on the session, and copies them to the transaction', async () => {
    const created = await api.post(
      '/v1/sessions?include_session=true',
      sessionBody({ payment_operation: 'recurring_purchase', platform_type: 'marketplace' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.session).toMatchObject({
      payment_operation: 'recurring_purchase',
      platform_type: 'marketplace',
    });
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody());
    const tx = await api.get(`/v1/transactions/${paid.body.transaction_id}`);
    expect(tx.body).toMatchObject({ payment_operation: 'recurring_purchase', platform_type: 'marketplace' });
  });

  it('refuses values the API does not define, and stores nothing', async () => {
    const before = await count('sessions');
    for (const extra of [{ platform_type: 'bazaar' }, { payment_operation: 'sometimes' }, { platform_type: 1 }]) {
      const res = await api.post('/v1/sessions', sessionBody(extra));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(await count('sessions')).toBe(before);
  });
});

describe('POST /v1/sessions/pay: payment.operation for card payments', () => {
  it('accepts payment.operation and records it as the payment operation', async () => {
    const token = await savedCardToken();
    const res = await api.post('/v1/sessions/pay', {
      session: {
        order: { amount: 1500, currency: 'NOK', merchant_reference: reference('mit') },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: token } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard', operation: 'recurring_purchase' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', success: true, payment_operation: 'recurring_purchase' });
    expect((await api.get(`/v1/sessions/${res.body.session_id}`)).body.payment_operation).toBe('recurring_purchase');
  });

  it('refuses an operation on a non-card type, or one that contradicts session.payment_operation, and stores nothing', async () => {
    const token = await savedCardToken();
    const [sessions, transactions] = [await count('sessions'), await count('transactions')];
    const bodies = [
      {
        session: { order: { amount: 1500, currency: 'NOK', merchant_reference: reference('inv') } },
        payment: { payment_product_type: 'sandbox.invoice', operation: 'unscheduled_purchase' },
      },
      {
        session: {
          order: { amount: 1500, currency: 'NOK', merchant_reference: reference('mit') },
          customer: { tokens: { 'sandbox.creditcard': { payment_token: token } } },
          payment_operation: 'unscheduled_purchase',
        },
        payment: { payment_product_type: 'sandbox.creditcard', operation: 'recurring_purchase' },
      },
      {
        session: {
          order: { amount: 1500, currency: 'NOK', merchant_reference: reference('mit') },
          customer: { tokens: { 'sandbox.creditcard': { payment_token: token } } },
        },
        payment: { payment_product_type: 'sandbox.creditcard', operation: 'invoice_purchase' },
      },
    ];
    for (const body of bodies) {
      const res = await api.post('/v1/sessions/pay', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.errors.some((e: { path: string }) => e.path.includes('payment.operation'))).toBe(true);
    }
    expect([await count('sessions'), await count('transactions')]).toEqual([sessions, transactions]);
  });
});

describe('operation items may have amount 0 (free shipping), and keep their quantity', () => {
  const items = [
    { line_id: '1', description: 'Widget', quantity: 2, amount: 6000 },
    { line_id: 'shipping', description: 'Free shipping', quantity: 1, amount: 0 },
  ];

  it('capture and refund with a 0-amount line; the events record each line and its quantity', async () => {
    const { transactionId } = await cardTransaction(api, customer, { amount: 6000, items });
    const cap = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 6000,
      items: [
        { line_id: '1', amount: 6000, quantity: 2 },
        { line_id: 'shipping', amount: 0, quantity: 1 },
      ],
    });
    expect(cap.status, JSON.stringify(cap.body)).toBe(200);
    const ref = await api.post(`/v1/transactions/${transactionId}/refund`, {
      amount: 3000,
      items: [
        { line_id: '1', amount: 3000, quantity: 1 },
        { line_id: 'shipping', amount: 0 },
      ],
    });
    expect(ref.status, JSON.stringify(ref.body)).toBe(200);
    const events = await eventsOf(api, transactionId);
    expect(events.find((e) => e.event === 'CAPTURE')!.items).toEqual([
      { line_id: '1', amount: 6000, quantity: 2 },
      { line_id: 'shipping', amount: 0, quantity: 1 },
    ]);
    expect(events.find((e) => e.event === 'REFUND')!.items).toEqual([
      { line_id: '1', amount: 3000, quantity: 1 },
      { line_id: 'shipping', amount: 0 },
    ]);
    expect(await money(srv, transactionId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      captured: 6000,
      refunded: 3000,
    });
  });

  it('a negative line amount is still refused and changes nothing', async () => {
    const { transactionId } = await cardTransaction(api, customer, { amount: 6000, items });
    const before = await money(srv, transactionId);
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 6000,
      items: [
        { line_id: '1', amount: 6001 },
        { line_id: 'shipping', amount: -1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(await money(srv, transactionId)).toEqual(before);
  });
});

describe('void a transaction ON_HOLD', () => {
  it('voids the whole authorization', async () => {
    const { transactionId, pay } = await cardTransaction(api, customer, {
      configuration: { sandbox: { creditcard: { enabled: true } }, enable_on_hold: true },
      card: '4000000000000259',
    });
    expect(pay.on_hold).toBe(true);
    const res = await api.post(`/v1/transactions/${transactionId}/void`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await money(srv, transactionId)).toMatchObject({
      status: 'AUTHORIZATION_VOIDED',
      voided: 10000,
      pendingVoid: 0,
    });
    const again = await api.post(`/v1/transactions/${transactionId}/void`);
    expect(again.body.error.code).toBe('TRANSACTION_NOT_VOIDABLE');
  });
});

describe('list filters', () => {
  it('GET /v1/transactions filters on captured_at and refunded_at', async () => {
    const captured = await cardTransaction(api, customer);
    const refunded = await cardTransaction(api, customer);
    const authorizedOnly = await cardTransaction(api, customer);
    const since = new Date(Date.now() - 60_000).toISOString();
    await api.post(`/v1/transactions/${captured.transactionId}/capture`, { amount: 10000 });
    await api.post(`/v1/transactions/${refunded.transactionId}/capture`, { amount: 10000 });
    await api.post(`/v1/transactions/${refunded.transactionId}/refund`, { amount: 500 });
    const ids = (res: { body: { id: string }[] }) => res.body.map((t) => t.id);
    const mine = [captured.transactionId, refunded.transactionId, authorizedOnly.transactionId].join(',');

    const byCapture = await api.get(
      `/v1/transactions?ids=${mine}&captured_at.gte=${encodeURIComponent(since)}&limit=100`,
    );
    expect(byCapture.status, JSON.stringify(byCapture.body)).toBe(200);
    expect(ids(byCapture).sort()).toEqual([captured.transactionId, refunded.transactionId].sort());
    const byRefund = await api.get(
      `/v1/transactions?ids=${mine}&refunded_at.gte=${encodeURIComponent(since)}&refunded_at.lte=2999-12-31`,
    );
    expect(ids(byRefund)).toEqual([refunded.transactionId]);
    const capturedLongAgo = await api.get(`/v1/transactions?ids=${mine}&captured_at.lte=2001-01-01`);
    expect(capturedLongAgo.body).toEqual([]);
  });

  it('GET /v1/sessions filters on the plugin that created the session', async () => {
    const plugin = `Kassa.Test.${Math.random().toString(36).slice(2, 8)}`;
    const mine = await api.post('/v1/sessions', sessionBody(), { 'Kassa-System-Plugin-Name': plugin });
    await api.post('/v1/sessions', sessionBody(), { 'Kassa-System-Plugin-Name': 'Other.Plugin' });
    await api.post('/v1/sessions', sessionBody());
    const res = await api.get(`/v1/sessions?system_plugin_name=${encodeURIComponent(plugin)}&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([mine.body.id]);
  });

  it('impossible calendar dates are a 400 on every date filter', async () => {
    for (const path of ['/v1/transactions', '/v1/sessions']) {
      const filters =
        path === '/v1/sessions'
          ? ['created_at.gte', 'created_at.lte']
          : [
              'created_at.gte',
              'created_at.lte',
              'captured_at.gte',
              'captured_at.lte',
              'refunded_at.gte',
              'refunded_at.lte',
            ];
      for (const filter of filters) {
        for (const value of [
          '2001-02-30',
          '2023-02-29T10:00:00Z',
          '2024-13-01',
          '2024-04-31',
          '2024-01-01T24:00:00Z',
          'yesterday',
        ]) {
          const res = await api.get(`${path}?${filter}=${encodeURIComponent(value)}`);
          expect(res.status, `${path} ${filter}=${value}`).toBe(400);
          expect(res.body.error.code).toBe('INVALID_REQUEST');
        }
      }
      expect(
        (
          await api.get(
            `${path}?created_at.gte=2024-02-29&created_at.lte=${encodeURIComponent('2024-02-29T23:59:59+01:00')}`,
          )
        ).status,
      ).toBe(200);
    }
  });
});
