import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../support/test-server';
import {
  cardPay,
  cardTransaction,
  eventsOf,
  invoiceTransaction,
  money,
  lineItems,
  refusedWithoutChange,
} from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

const { srv, api, customer, merchant } = useKassa({ merchant: true });

const ON_HOLD_CARD = '4000000000000259';
const authorize = (id: string, body?: unknown) => api.post(`/v1/transactions/${id}/authorization`, body);
const capture = (id: string, body: unknown) => api.post(`/v1/transactions/${id}/capture`, body);

const expectRefusedWithoutChange = refusedWithoutChange(srv, api);

describe('extend authorization (sandbox invoice, no amount)', () => {
  it('keeps the amount and appends an AUTHORIZE event with the reason and reference', async () => {
    const { transactionId } = await invoiceTransaction(api);
    const res = await authorize(transactionId, { reason: 'customer asked for more time', reference: 'ext-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount: 10000 });
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'AUTHORIZE',
      success: true,
      amount: 10000,
      authorization_update: 'EXTEND_AUTHORIZATION',
      previous_amount: 10000,
      reason: 'customer asked for more time',
      reference: 'ext-1',
      created_by: CLIENT_ID,
      request_id: res.headers.get('request-id'),
      created_at: expect.any(String),
    });
    // No body at all is an extension too, also after a partial capture.
    await capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 6000 }] });
    const bare = await authorize(transactionId);
    expect(bare.status).toBe(200);
    expect(bare.body.status).toBe('PARTIALLY_CAPTURED');
    expect(bare.body.events.at(-1)).toMatchObject({
      event: 'AUTHORIZE',
      authorization_update: 'EXTEND_AUTHORIZATION',
      amount: 10000,
    });
  });
});

describe('update order amount (sandbox invoice, amount with items)', () => {
  it('changes the authorized amount and lines to the items, which must sum to the amount', async () => {
    const { transactionId } = await invoiceTransaction(api);
    const items = [
      { line_id: '1', amount: 6000 },
      { line_id: '2', amount: 4000 },
      { line_id: '3', amount: 2000, description: 'Extra' },
    ];
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 12000 }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 12000, items: items.slice(0, 2) }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 12000, items: [...items, { line_id: '1', amount: 1 }] }),
      400,
      'INVALID_REQUEST',
    );

    const res = await authorize(transactionId, { amount: 12000, items, description: 'added a line', reason: 'upsell' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount: 12000 });
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'AUTHORIZE',
      success: true,
      amount: 12000,
      items: items.map(({ line_id, amount }) => ({ line_id, amount })),
      authorization_update: 'UPDATE_ORDER_AMOUNT',
      previous_amount: 10000,
      description: 'added a line',
      reason: 'upsell',
    });
    // The transaction's items are the updated order: new lines added, what an item does not restate kept.
    expect(res.body.items).toEqual([
      { line_id: '1', description: 'Widget', quantity: 2, amount: 6000, vat_amount: 1200 },
      { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000, vat_amount: 800 },
      { line_id: '3', amount: 2000, description: 'Extra' },
    ]);
    // The new line can be captured, up to the new total.
    expect((await capture(transactionId, { amount: 2000, items: [{ line_id: '3', amount: 2000 }] })).status).toBe(200);
    expect(
      (await capture(transactionId, { amount: 10000, items: lineItems(['1', 6000], ['2', 4000]) })).body.status,
    ).toBe('CAPTURED');
    expect(await money(srv, transactionId)).toMatchObject({ amount: 12000, captured: 12000 });
  });

  it('may lower the amount, but never below what was captured, overall or per line', async () => {
    const { transactionId } = await invoiceTransaction(api);
    await capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 6000 }] });
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 5000, items: [{ line_id: '1', amount: 5000 }] }),
      400,
      'INVALID_REQUEST',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 7000, items: lineItems(['1', 5000], ['2', 2000]) }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 6000, items: [{ line_id: '2', amount: 6000 }] }),
      400,
      'INVALID_ITEMS',
    );

    const res = await authorize(transactionId, { amount: 8000, items: lineItems(['1', 6000], ['2', 2000]) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PARTIALLY_CAPTURED', amount: 8000 });
    expect(
      res.body.items.map((i: { line_id: string; amount: number; description: string }) => [
        i.line_id,
        i.amount,
        i.description,
      ]),
    ).toEqual([
      ['1', 6000, 'Widget'],
      ['2', 2000, 'Gadget'],
    ]);
    expect(
      (
        await api.post(`/v1/transactions/${transactionId}/capture`, {
          amount: 2001,
          items: [{ line_id: '2', amount: 2001 }],
        })
      ).body.error.code,
    ).toBe('AMOUNT_EXCEEDS_AUTHORIZED');
    expect((await capture(transactionId, { amount: 2000, items: [{ line_id: '2', amount: 2000 }] })).body.status).toBe(
      'CAPTURED',
    );
  });
});

describe('update pre-authorization (sandbox card: amount and final_authorization)', () => {
  it('needs both amount and final_authorization', async () => {
    const { transactionId } = await cardTransaction(api, customer, { items: null });
    for (const body of [
      undefined,
      {},
      { amount: 12000 },
      { final_authorization: false },
      { final_authorization: true },
    ]) {
      await expectRefusedWithoutChange(transactionId, () => authorize(transactionId, body), 400, 'INVALID_REQUEST');
    }
    for (const body of [
      { amount: 0, final_authorization: false },
      { amount: 12000, final_authorization: 'no' },
      { amount: 12000, final_authorization: false, colour: 'red' },
    ]) {
      await expectRefusedWithoutChange(transactionId, () => authorize(transactionId, body), 400, 'INVALID_REQUEST');
    }
  });

  it('without final_authorization the amount must grow; the new amount can then be captured', async () => {
    const { transactionId } = await cardTransaction(api, customer, { items: null });
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 10000, final_authorization: false }),
      400,
      'INVALID_REQUEST',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 9000, final_authorization: false }),
      400,
      'INVALID_REQUEST',
    );
    const res = await authorize(transactionId, { amount: 15000, final_authorization: false, reference: 'tip' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount: 15000 });
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'AUTHORIZE',
      amount: 15000,
      authorization_update: 'UPDATE_PRE_AUTHORIZATION',
      previous_amount: 10000,
      final_authorization: false,
      reference: 'tip',
    });
    // Not final: it may grow again.
    expect((await authorize(transactionId, { amount: 16000, final_authorization: false })).body.amount).toBe(16000);
    expect((await capture(transactionId, { amount: 16001 })).body.error.code).toBe('AMOUNT_EXCEEDS_AUTHORIZED');
    expect((await capture(transactionId, { amount: 16000 })).body.status).toBe('CAPTURED');
  });

  it('with final_authorization true the amount may go down to what was captured, and no later update is allowed (409)', async () => {
    const { transactionId } = await cardTransaction(api, customer, { items: null });
    await capture(transactionId, { amount: 3000 });
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 2999, final_authorization: true }),
      400,
      'INVALID_REQUEST',
    );
    const res = await authorize(transactionId, { amount: 3000, final_authorization: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CAPTURED', amount: 3000 });
    expect(await money(srv, transactionId)).toMatchObject({ amount: 3000, captured: 3000, finalAuthorization: 1 });
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 5000, final_authorization: true }),
      409,
      'AUTHORIZATION_NOT_UPDATABLE',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
  });

  it('a final authorization may also be higher or equal, and locks further updates even while capturable', async () => {
    for (const amount of [10000, 14000]) {
      const { transactionId } = await cardTransaction(api, customer, { items: null });
      const res = await authorize(transactionId, { amount, final_authorization: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount });
      await expectRefusedWithoutChange(
        transactionId,
        () => authorize(transactionId, { amount: amount + 1000, final_authorization: false }),
        409,
        'AUTHORIZATION_NOT_UPDATABLE',
      );
      await expectRefusedWithoutChange(
        transactionId,
        () => authorize(transactionId),
        409,
        'AUTHORIZATION_NOT_UPDATABLE',
      );
      expect((await capture(transactionId, { amount })).body.status).toBe('CAPTURED');
    }
  });

  it('a card transaction with order lines needs items that sum to the amount', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 11000, final_authorization: false }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () =>
        authorize(transactionId, {
          amount: 11000,
          final_authorization: false,
          items: lineItems(['1', 6000], ['2', 4000]),
        }),
      400,
      'INVALID_ITEMS',
    );
    const items = [
      { line_id: '1', amount: 7000 },
      { line_id: '2', amount: 4000 },
    ];
    const res = await authorize(transactionId, { amount: 11000, final_authorization: false, items });
    expect(res.status).toBe(200);
    expect(res.body.events.at(-1)).toMatchObject({ event: 'AUTHORIZE', amount: 11000, items });
    expect(res.body.items.map((i: { line_id: string; amount: number }) => [i.line_id, i.amount])).toEqual([
      ['1', 7000],
      ['2', 4000],
    ]);
    expect((await capture(transactionId, { amount: 7000, items: [{ line_id: '1', amount: 7000 }] })).status).toBe(200);
  });
});

describe('authorize a transaction ON_HOLD', () => {
  const onHoldSession = async (opts: { callback?: boolean; enable_on_hold?: boolean } = {}) =>
    cardTransaction(api, customer, {
      card: ON_HOLD_CARD,
      configuration: { sandbox: { creditcard: { enabled: true } }, enable_on_hold: opts.enable_on_hold ?? true },
      ...(opts.callback ? { url: { callback_url: `${merchant.url}/on-hold-callback` } } : {}),
    });

  it('the on-hold card with enable_on_hold gives ON_HOLD and on_hold:true, sends no callback and accepts no capture or refund (a void is allowed: public-shapes.test.ts)', async () => {
    const { sessionId, transactionId, pay } = await onHoldSession({ callback: true });
    expect(pay).toMatchObject({
      success: true,
      on_hold: true,
      transaction_id: transactionId,
      actions: [{ code: 'ON_HOLD', type: 'success' }],
    });
    const tx = await api.get(`/v1/transactions/${transactionId}`);
    expect(tx.body.status).toBe('ON_HOLD');
    expect(tx.body.events.at(-1)).toMatchObject({ event: 'AUTHORIZE', success: true, on_hold: true });
    const view = await customer.get(`/v1/view/${sessionId}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error.cause).toBe('ON_HOLD');
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1 }),
      400,
      'TRANSACTION_NOT_REFUNDABLE',
    );
    const again = await customer.post(`/v1/sessions/${sessionId}/pay`, cardPay('4111111111111111'));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('SESSION_ALREADY_PAID');
    await new Promise((r) => setTimeout(r, 200));
    expect(merchant.received.filter((c) => c.url.includes(transactionId))).toEqual([]);
  });

  it('the on-hold card without enable_on_hold is simply AUTHORIZED', async () => {
    const { transactionId, pay } = await onHoldSession({ enable_on_hold: false });
    expect(pay.success).toBe(true);
    expect(pay.on_hold).toBeUndefined();
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.status).toBe('AUTHORIZED');
  });

  it('amount or items that do not match the order are 400 and change nothing', async () => {
    const { transactionId } = await onHoldSession();
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 9999 }),
      400,
      'INVALID_REQUEST',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 10000, items: [{ line_id: '1', amount: 6000 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { items: lineItems(['1', 5000], ['2', 5000]) }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { items: lineItems(['1', 6000], ['3', 4000]) }),
      400,
      'INVALID_ITEMS',
    );
  });

  it('authorizing it makes the transaction AUTHORIZED, the session paid, and delivers the AUTHORIZE callback', async () => {
    const { sessionId, transactionId, order } = await onHoldSession({ callback: true });
    const res = await authorize(transactionId, {
      amount: 10000,
      items: lineItems(['1', 6000], ['2', 4000]),
      reason: 'reviewed',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount: 10000, items: order.items });
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'AUTHORIZE',
      success: true,
      amount: 10000,
      authorization_update: 'AUTHORIZE_ON_HOLD',
      reason: 'reviewed',
      created_by: CLIENT_ID,
    });

    const session = await api.get(`/v1/sessions/${sessionId}`);
    expect(session.body.transaction_id).toBe(transactionId);
    expect(session.body.events.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['ON_HOLD', 'AUTHORIZED']),
    );
    const view = await customer.get(`/v1/view/${sessionId}/session`);
    expect(view.body.error.cause).toBe('AUTHORIZED');

    await expect.poll(() => merchant.received.filter((c) => c.url.includes(transactionId)).length).toBe(1);
    const cb = merchant.received.find((c) => c.url.includes(transactionId))!;
    const query = new URL(cb.url, merchant.url).searchParams;
    expect(query.get('transaction_id')).toBe(transactionId);
    expect(query.get('session_id')).toBe(sessionId);
    expect(query.get('merchant_reference')).toBe(order.merchant_reference);
    expect(query.get('error')).toBeNull();

    // Now it is an ordinary authorization: capturable, and no longer on hold.
    await expectRefusedWithoutChange(
      transactionId,
      () => authorize(transactionId, { amount: 10000 }),
      400,
      'INVALID_REQUEST',
    );
    expect((await capture(transactionId, { amount: 10000 })).body.status).toBe('CAPTURED');
  });

  it('with no body the transaction on hold is authorized as ordered', async () => {
    const { transactionId } = await onHoldSession();
    const res = await authorize(transactionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', amount: 10000 });
  });
});

describe('an authorization that cannot be updated', () => {
  it('is 409 AUTHORIZATION_NOT_UPDATABLE when voided, fully captured, refunded, final-captured or declined, and nothing changes', async () => {
    const voided = await cardTransaction(api, customer, { items: null });
    await api.post(`/v1/transactions/${voided.transactionId}/void`);
    const captured = await cardTransaction(api, customer, { items: null });
    await capture(captured.transactionId, { amount: 10000 });
    const refunded = await cardTransaction(api, customer, { items: null });
    await capture(refunded.transactionId, { amount: 4000 });
    await api.post(`/v1/transactions/${refunded.transactionId}/refund`, { amount: 1000 });
    const finalCaptured = await invoiceTransaction(api);
    await capture(finalCaptured.transactionId, {
      amount: 6000,
      items: [{ line_id: '1', amount: 6000 }],
      final_capture: true,
    });
    const declined = await cardTransaction(api, customer, { card: '4000000000000002', items: null });

    for (const { transactionId } of [voided, captured, refunded, declined]) {
      await expectRefusedWithoutChange(
        transactionId,
        () => authorize(transactionId, { amount: 20000, final_authorization: false }),
        409,
        'AUTHORIZATION_NOT_UPDATABLE',
      );
    }
    await expectRefusedWithoutChange(
      finalCaptured.transactionId,
      () => authorize(finalCaptured.transactionId),
      409,
      'AUTHORIZATION_NOT_UPDATABLE',
    );
    await expectRefusedWithoutChange(
      voided.transactionId,
      () => authorize(voided.transactionId),
      409,
      'AUTHORIZATION_NOT_UPDATABLE',
    );
    expect((await eventsOf(api, voided.transactionId)).map((e) => e.event)).toEqual([
      'INITIALIZE',
      'AUTHORIZE',
      'VOID',
    ]);
  });

  it('an unknown transaction is 404', async () => {
    const res = await authorize('T10000001.zzzzzzzzzzzzzzzzzzzzzz', {});
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('TRANSACTION_NOT_FOUND');
  });
});
