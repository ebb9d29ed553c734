import { describe, expect, it } from 'vitest';
import { verifySignatureHeader } from '../../server/signature/sign-callback';
import { APPROVE_CARD, DECLINE_CARD, card, futureExpiryDate, payBody, sessionBody } from '../support/api-client';
import { ACCOUNT } from '../support/test-server';
import { paidSession, useKassa } from '../support/fixtures';

const { srv, api, customer, merchant } = useKassa({ merchant: true });

describe('a card payment, end to end through the API', () => {
  it('authorizes, redirects with the result, and sends a signed callback', async () => {
    const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    const body = sessionBody({
      url: { return_url: 'https://shop.example/done?cart=9', callback_url: `${merchant.url}/callback?shop=1` },
    });
    const created = await api.post('/v1/sessions', body);
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody());
    expect(paid.status).toBe(200);
    const txId = paid.body.transaction_id;
    const redirect = new URL(paid.body.redirect_url);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      cart: '9',
      transaction_id: txId,
      merchant_reference: body.order.merchant_reference,
    });

    const [cb] = await merchant.waitFor(1);
    const url = new URL(cb!.url, merchant.url);
    expect(cb!.method).toBe('GET');
    expect(url.searchParams.get('shop')).toBe('1');
    expect(url.searchParams.get('transaction_id')).toBe(txId);
    expect(url.searchParams.get('session_id')).toBe(created.body.id);
    expect(url.searchParams.get('merchant_reference')).toBe(body.order.merchant_reference);
    expect(Date.parse(url.searchParams.get('time')!)).not.toBeNaN();
    expect(cb!.headers['event-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifySignatureHeader(String(cb!.headers['kassa-signature']), secret, ACCOUNT, 'GET', url.toString())).toBe(
      true,
    );

    const tx = await api.get(`/v1/transactions/${txId}`);
    expect(tx.body).toMatchObject({
      status: 'AUTHORIZED',
      amount: 10000,
      currency: 'NOK',
      session_id: created.body.id,
      payment_product_type: 'sandbox.creditcard',
    });
    expect(tx.body.card).toEqual({
      brand: 'Visa',
      masked_pan: '************1111',
      expiry_date: futureExpiryDate(),
      type: 'Credit',
      country: 'NOR',
      issuing_bank: 'Kassa Sandbox Bank',
      product_platform: 'consumer',
      region: 'domestic',
      card_holder_tokenization_consent: 'opt_out',
    });
    expect(tx.body.events.map((e: { event: string }) => e.event)).toEqual(['INITIALIZE', 'AUTHORIZE']);

    await expect
      .poll(async () =>
        (await api.get(`/v1/sessions/${created.body.id}`)).body.events.map((e: { name: string }) => e.name),
      )
      .toContain('AUTH_CALLBACK_SENT');
    const view = await customer.get(`/v1/view/${created.body.id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({ cause: 'AUTHORIZED', session_details: { transaction_id: txId } });
  });

  it('captures part, refunds part, and rejects an over-refund without changing anything', async () => {
    const { transactionId } = await paidSession(api, { order: { amount: 10000 } });
    const capture = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 6000,
      capture_reference: 'c1',
    });
    expect(capture.status).toBe(200);
    expect(capture.body.status).toBe('PARTIALLY_CAPTURED');
    const refund = await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 2500, reason: 'damaged' });
    expect(refund.status).toBe(200);
    expect(refund.body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    const over = await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 3501 });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('AMOUNT_EXCEEDS_CAPTURED');
    const after = await api.get(`/v1/transactions/${transactionId}`);
    expect(after.body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect(after.body.events.map((e: { event: string; amount: number }) => [e.event, e.amount])).toEqual([
      ['INITIALIZE', 10000],
      ['AUTHORIZE', 10000],
      ['CAPTURE', 6000],
      ['REFUND', 2500],
    ]);
    expect(after.body.events[2].capture_reference).toBe('c1');
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4001 })).body.error.code).toBe(
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4000 })).body.status).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 7500 })).body.status).toBe('REFUNDED');
  });

  it('voids with no body, {} or {"id"}, and nothing can be captured afterwards', async () => {
    for (const body of [undefined, {}, 'same-id']) {
      const { transactionId } = await paidSession(api, { order: { amount: 5000 } });
      const res = await api.post(
        `/v1/transactions/${transactionId}/void`,
        body === 'same-id' ? { id: transactionId } : body,
      );
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('AUTHORIZATION_VOIDED');
      const capture = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1 });
      expect(capture.status).toBe(400);
      expect(capture.body.error.code).toBe('TRANSACTION_NOT_CAPTURABLE');
    }
  });

  it('cannot refund before a capture; a card void after a partial capture releases only the rest', async () => {
    const { transactionId } = await paidSession(api, { order: { amount: 5000 } });
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1 })).body.error.code).toBe(
      'TRANSACTION_NOT_REFUNDABLE',
    );
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1000 });
    const voided = await api.post(`/v1/transactions/${transactionId}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe('CAPTURED');
    expect(voided.body.events.at(-1)).toMatchObject({ event: 'VOID', amount: 4000, success: true });
    const again = await api.post(`/v1/transactions/${transactionId}/void`);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('TRANSACTION_NOT_VOIDABLE');
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1 })).body.error.code).toBe(
      'TRANSACTION_NOT_CAPTURABLE',
    );
  });

  it('bad capture and refund input is a clear 400 and moves no money', async () => {
    const { transactionId } = await paidSession(api, { order: { amount: 5000 } });
    for (const body of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: 2 ** 31 },
      { amount: '10' },
      {},
      { amount: 10, extra: 1 },
    ]) {
      const res = await api.post(`/v1/transactions/${transactionId}/capture`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(
      (await api.post(`/v1/transactions/${transactionId}/void`, { id: 'T10000001.somethingelse12345' })).status,
    ).toBe(400);
    expect((await api.post('/v1/transactions/T10000001.zzzzzzzzzzzzzzzzzzzzzz/capture', { amount: 1 })).status).toBe(
      404,
    );
    const tx = await api.get(`/v1/transactions/${transactionId}`);
    expect(tx.body.status).toBe('AUTHORIZED');
    expect(tx.body.events).toHaveLength(2);
  });

  it('the decline card declines, records the error, and the customer can pay again', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const declined = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody(DECLINE_CARD));
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      success: false,
      error: 'Rejected',
      error_details: [{ code: 'card_declined', category: 'permanent' }],
    });
    const tx = await api.get(`/v1/transactions/${declined.body.transaction_id}`);
    expect(tx.body.status).toBe('DECLINED');
    expect(tx.body.events[1]).toMatchObject({
      event: 'AUTHORIZE',
      success: false,
      error: { code: 'card_declined', message: expect.any(String) },
      retry_policy: { retryable: false },
    });
    expect(
      (await api.post(`/v1/transactions/${declined.body.transaction_id}/capture`, { amount: 1 })).body.error.code,
    ).toBe('TRANSACTION_NOT_CAPTURABLE');

    const again = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody(APPROVE_CARD));
    expect(again.body.success).toBe(true);
    const session = await api.get(`/v1/sessions/${created.body.id}`);
    expect(session.body.transaction_id).toBe(again.body.transaction_id);
    expect(session.body.events.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['INITIATED', 'DECLINED', 'AUTHORIZED']),
    );
  });

  it('invalid card details are a 400 naming the field, and create no transaction', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const res = await customer.post(`/v1/sessions/${created.body.id}/pay`, payBody(card('4111 1111 1111 1112')));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_CARD', errors: [{ path: 'payment.card.number' }] });
    const txs = await srv.kassa.ctx.database.db
      .selectFrom('transactions')
      .select('id')
      .where('session_id', '=', created.body.id)
      .execute();
    expect(txs).toHaveLength(0);
  });

  it('a paid session cannot be paid again; concurrent payments authorize exactly once', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const results = await Promise.all(
      Array.from({ length: 8 }, () => customer.post(`/v1/sessions/${created.body.id}/pay`, payBody())),
    );
    const approved = results.filter((r) => r.status === 200 && r.body.success);
    expect(approved).toHaveLength(1);
    for (const r of results.filter((x) => !(x.status === 200 && x.body.success))) {
      expect([400, 409]).toContain(r.status);
      expect(['SESSION_ALREADY_PAID', 'SESSION_PAYMENT_IN_PROGRESS']).toContain(r.body.error.code);
    }
    const txs = await srv.kassa.ctx.database.db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('session_id', '=', created.body.id)
      .execute();
    expect(txs).toEqual([{ id: approved[0]!.body.transaction_id, status: 'AUTHORIZED' }]);
  });

  it('card data never reaches the database', async () => {
    const { sessionId } = await paidSession(api);
    const db = srv.kassa.ctx.database.db;
    const dump = JSON.stringify([
      await db.selectFrom('transactions').selectAll().where('session_id', '=', sessionId).execute(),
      await db.selectFrom('session_events').selectAll().where('session_id', '=', sessionId).execute(),
      await db.selectFrom('transaction_events').selectAll().execute(),
    ]);
    expect(dump).not.toMatch(/4111\s?1111\s?1111/);
    expect(dump).not.toContain('"cvc"');
  });
});
