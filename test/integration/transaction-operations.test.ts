import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../support/test-server';
import {
  cardTransaction,
  eventsOf,
  eventNames,
  invoiceTransaction,
  money,
  lineItems,
  refusedWithoutChange,
} from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

const { srv, api, customer } = useKassa();

const capture = (id: string, body: unknown, headers?: Record<string, string>) =>
  api.post(`/v1/transactions/${id}/capture`, body, headers);
const refund = (id: string, body: unknown, headers?: Record<string, string>) =>
  api.post(`/v1/transactions/${id}/refund`, body, headers);
const voidTx = (id: string, body?: unknown) => api.post(`/v1/transactions/${id}/void`, body);

const expectRefusedWithoutChange = refusedWithoutChange(srv, api);

describe('capture', () => {
  it('amount is a required positive int32; anything else is 400 INVALID_REQUEST and changes nothing', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    for (const body of [
      {},
      { amount: 0 },
      { amount: -1 },
      { amount: 10.5 },
      { amount: '1000' },
      { amount: 2 ** 31 },
      { amount: null },
      { capture_reference: 'x' },
    ]) {
      await expectRefusedWithoutChange(transactionId, () => capture(transactionId, body), 400, 'INVALID_REQUEST');
    }
    // The largest int32 is a valid amount; it is refused only because it exceeds the authorization.
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 2 ** 31 - 1 }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
  });

  it('several partial captures add up to CAPTURED, and then nothing more can be captured', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const first = await capture(transactionId, { amount: 2000 });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('PARTIALLY_CAPTURED');
    expect((await capture(transactionId, { amount: 3000 })).body.status).toBe('PARTIALLY_CAPTURED');
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 5001 }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    const last = await capture(transactionId, { amount: 5000 });
    expect(last.status).toBe(200);
    expect(last.body.status).toBe('CAPTURED');
    expect(
      last.body.events.filter((e: { event: string }) => e.event === 'CAPTURE').map((e: { amount: number }) => e.amount),
    ).toEqual([2000, 3000, 5000]);
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    expect(await money(srv, transactionId)).toMatchObject({ captured: 10000, voided: 0, pendingCapture: 0 });
  });

  it('capture_reference is recorded on the CAPTURE event with the amount, items, who and which request', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const started = Date.now();
    const res = await capture(transactionId, {
      amount: 6000,
      capture_reference: 'shipment-1',
      items: [{ line_id: '1', amount: 6000, quantity: 2 }],
      metadata: { warehouse: 'oslo' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('PARTIALLY_CAPTURED');
    const event = res.body.events.at(-1);
    expect(event).toMatchObject({
      event: 'CAPTURE',
      success: true,
      amount: 6000,
      items: [{ line_id: '1', amount: 6000 }],
      created_by: CLIENT_ID,
      request_id: res.headers.get('request-id'),
      capture_reference: 'shipment-1',
      metadata: { warehouse: 'oslo' },
    });
    expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(event.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(event.error).toBeUndefined();
  });

  it('items must name order lines once, sum to the amount and stay within each line', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1000, items: [{ line_id: 'nope', amount: 1000 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1000, items: [{ line_id: '1', amount: 900 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 2000, items: lineItems(['1', 1000], ['1', 1000]) }),
      400,
      'INVALID_REQUEST',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 4001, items: [{ line_id: '2', amount: 4001 }] }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1000, items: [{ amount: 1000 }] }),
      400,
      'INVALID_REQUEST',
    );
    expect((await capture(transactionId, { amount: 3000, items: [{ line_id: '2', amount: 3000 }] })).status).toBe(200);
    // Line 2 has 1000 left, although the transaction has 7000 left.
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1001, items: [{ line_id: '2', amount: 1001 }] }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    expect((await capture(transactionId, { amount: 1000, items: [{ line_id: '2', amount: 1000 }] })).status).toBe(200);
    expect((await money(srv, transactionId)).lines).toMatchObject({
      '1': { authorized: 6000, captured: 0 },
      '2': { authorized: 4000, captured: 4000 },
    });
  });

  it('a sandbox invoice requires items on capture: 400 ITEMS_REQUIRED without, 400 INVALID_ITEMS for unknown lines or a wrong sum', async () => {
    const { transactionId } = await invoiceTransaction(api);
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 6000 }),
      400,
      'ITEMS_REQUIRED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 6000, items: [] }),
      400,
      'ITEMS_REQUIRED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 6000, items: [{ line_id: '3', amount: 6000 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 5000 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 7000, items: lineItems(['1', 6000], ['2', 500]) }),
      400,
      'INVALID_ITEMS',
    );

    const first = await capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 6000 }] });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('PARTIALLY_CAPTURED');
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1, items: [{ line_id: '1', amount: 1 }] }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    const second = await capture(transactionId, { amount: 4000, items: [{ line_id: '2', amount: 4000 }] });
    expect(second.body.status).toBe('CAPTURED');
    expect(
      second.body.events
        .filter((e: { event: string }) => e.event === 'CAPTURE')
        .map((e: { items: unknown }) => e.items),
    ).toEqual([[{ line_id: '1', amount: 6000 }], [{ line_id: '2', amount: 4000 }]]);
  });

  it('final_capture captures the amount, voids the rest with a VOID event, and allows no further capture', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    expect((await capture(transactionId, { amount: 2000 })).status).toBe(200);
    const res = await capture(transactionId, { amount: 3000, final_capture: true });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CAPTURED');
    const tail = res.body.events.slice(-2);
    expect(tail).toMatchObject([
      {
        event: 'CAPTURE',
        success: true,
        amount: 3000,
        final_capture: true,
        created_by: CLIENT_ID,
        request_id: res.headers.get('request-id'),
      },
      {
        event: 'VOID',
        success: true,
        amount: 5000,
        reason: 'final_capture',
        created_by: CLIENT_ID,
        request_id: res.headers.get('request-id'),
      },
    ]);
    expect(await money(srv, transactionId)).toMatchObject({
      status: 'CAPTURED',
      captured: 5000,
      voided: 5000,
      finalCaptured: 1,
    });
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    await expectRefusedWithoutChange(transactionId, () => voidTx(transactionId), 400, 'TRANSACTION_NOT_VOIDABLE');
    // What was captured can still be refunded, and no more.
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 5001 }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    expect((await refund(transactionId, { amount: 5000 })).body.status).toBe('REFUNDED');
  });

  it('a final capture of a sandbox invoice line voids the other lines', async () => {
    const { transactionId } = await invoiceTransaction(api);
    const res = await capture(transactionId, {
      amount: 6000,
      items: [{ line_id: '1', amount: 6000 }],
      final_capture: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CAPTURED');
    expect(res.body.events.slice(-2).map((e: { event: string; amount: number }) => [e.event, e.amount])).toEqual([
      ['CAPTURE', 6000],
      ['VOID', 4000],
    ]);
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 4000, items: [{ line_id: '2', amount: 4000 }] }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
  });

  it('a transaction that was declined, voided or is unknown cannot be captured', async () => {
    const declined = await cardTransaction(api, customer, { card: '4000000000000002' });
    expect(declined.pay.success).toBe(false);
    await expectRefusedWithoutChange(
      declined.transactionId,
      () => capture(declined.transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    const voided = await cardTransaction(api, customer);
    expect((await voidTx(voided.transactionId)).status).toBe(200);
    await expectRefusedWithoutChange(
      voided.transactionId,
      () => capture(voided.transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    const missing = await capture('T10000001.zzzzzzzzzzzzzzzzzzzzzz', { amount: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('refund', () => {
  it('partial and repeated refunds, with reason and refund_reference on each REFUND event, never above captured minus refunded', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_REFUNDABLE',
    );
    expect((await capture(transactionId, { amount: 6000 })).status).toBe(200);
    const first = await refund(transactionId, { amount: 1000, reason: 'scratched', refund_reference: 'rma-1' });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect(first.body.events.at(-1)).toMatchObject({
      event: 'REFUND',
      success: true,
      amount: 1000,
      reason: 'scratched',
      refund_reference: 'rma-1',
      created_by: CLIENT_ID,
      request_id: first.headers.get('request-id'),
      created_at: expect.any(String),
    });
    expect((await refund(transactionId, { amount: 2000, reason: 'late', refund_reference: 'rma-2' })).status).toBe(200);
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 3001 }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    const last = await refund(transactionId, { amount: 3000 });
    expect(last.status).toBe(200);
    // Everything captured is refunded, but 4000 can still be captured: not REFUNDED yet.
    expect(last.body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1 }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    // Capturing the rest makes it refundable again: the status follows the amounts.
    expect((await capture(transactionId, { amount: 4000 })).body.status).toBe('PARTIALLY_REFUNDED');
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 4001 }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    expect((await refund(transactionId, { amount: 4000 })).body.status).toBe('REFUNDED');
    expect(await money(srv, transactionId)).toMatchObject({ captured: 10000, refunded: 10000, pendingRefund: 0 });
    expect((await eventsOf(api, transactionId)).filter((e) => e.event === 'REFUND').map((e) => e.amount)).toEqual([
      1000, 2000, 3000, 4000,
    ]);
  });

  it('refund amount is a required positive int32', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 10000 });
    for (const body of [
      {},
      { amount: 0 },
      { amount: -10 },
      { amount: 1.25 },
      { amount: 2 ** 31 },
      { reason: 'x' },
      { amount: 10, unknown: true },
    ]) {
      await expectRefusedWithoutChange(transactionId, () => refund(transactionId, body), 400, 'INVALID_REQUEST');
    }
  });

  it('per line: a refund never exceeds what was captured minus refunded on that line', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 6000 }] });
    // 6000 is refundable on the transaction, but nothing was captured on line 2.
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 100, items: [{ line_id: '2', amount: 100 }] }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 100, items: [{ line_id: '9', amount: 100 }] }),
      400,
      'INVALID_ITEMS',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1000, items: [{ line_id: '1', amount: 999 }] }),
      400,
      'INVALID_ITEMS',
    );
    const res = await refund(transactionId, {
      amount: 1500,
      items: [{ line_id: '1', quantity: 1, amount: 1500 }],
      reason: 'one broken',
    });
    expect(res.status).toBe(200);
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'REFUND',
      amount: 1500,
      items: [{ line_id: '1', amount: 1500 }],
      reason: 'one broken',
    });
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 4501, items: [{ line_id: '1', amount: 4501 }] }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    expect((await refund(transactionId, { amount: 4500, items: [{ line_id: '1', amount: 4500 }] })).body.status).toBe(
      'PARTIALLY_CAPTURED_REFUNDED',
    ); // line 2 can still be captured
    expect((await money(srv, transactionId)).lines['1']).toMatchObject({ captured: 6000, refunded: 6000 });
  });

  it('a sandbox invoice requires items on refund, limited per line', async () => {
    const { transactionId } = await invoiceTransaction(api);
    await capture(transactionId, { amount: 10000, items: lineItems(['1', 6000], ['2', 4000]) });
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1000 }),
      400,
      'ITEMS_REQUIRED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 4001, items: [{ line_id: '2', amount: 4001 }] }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    const res = await refund(transactionId, {
      amount: 5000,
      items: [
        { line_id: '1', quantity: 1, amount: 3000 },
        { line_id: '2', quantity: 1, amount: 2000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('PARTIALLY_REFUNDED');
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 2001, items: [{ line_id: '2', amount: 2001 }] }),
      400,
      'AMOUNT_EXCEEDS_CAPTURED',
    );
    expect(
      (await refund(transactionId, { amount: 5000, items: lineItems(['1', 3000], ['2', 2000]) })).body.status,
    ).toBe('REFUNDED');
  });
});

describe('void', () => {
  it('before any capture voids the whole authorization: AUTHORIZATION_VOIDED with a VOID event; nothing can follow', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const res = await voidTx(transactionId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('AUTHORIZATION_VOIDED');
    expect(res.body.events.at(-1)).toMatchObject({
      event: 'VOID',
      success: true,
      amount: 10000,
      created_by: CLIENT_ID,
      request_id: res.headers.get('request-id'),
      created_at: expect.any(String),
    });
    await expectRefusedWithoutChange(transactionId, () => voidTx(transactionId), 400, 'TRANSACTION_NOT_VOIDABLE');
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_REFUNDABLE',
    );
  });

  it('after a partial card capture voids the difference: status CAPTURED, and the captured part stays refundable', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 3500 });
    const res = await voidTx(transactionId, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CAPTURED');
    expect(res.body.events.at(-1)).toMatchObject({ event: 'VOID', success: true, amount: 6500 });
    expect(await money(srv, transactionId)).toMatchObject({ captured: 3500, voided: 6500, refunded: 0 });
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    expect((await refund(transactionId, { amount: 3500 })).body.status).toBe('REFUNDED');
  });

  it('a sandbox invoice can be voided before capture, but after a partial capture the void is 400 TRANSACTION_NOT_VOIDABLE', async () => {
    const whole = await invoiceTransaction(api);
    expect((await voidTx(whole.transactionId)).body.status).toBe('AUTHORIZATION_VOIDED');

    const { transactionId } = await invoiceTransaction(api);
    await capture(transactionId, { amount: 6000, items: [{ line_id: '1', amount: 6000 }] });
    await expectRefusedWithoutChange(transactionId, () => voidTx(transactionId), 400, 'TRANSACTION_NOT_VOIDABLE');
    expect((await capture(transactionId, { amount: 4000, items: [{ line_id: '2', amount: 4000 }] })).body.status).toBe(
      'CAPTURED',
    );
  });

  it('a fully captured, declined or refunded transaction cannot be voided', async () => {
    const captured = await cardTransaction(api, customer);
    await capture(captured.transactionId, { amount: 10000 });
    await expectRefusedWithoutChange(
      captured.transactionId,
      () => voidTx(captured.transactionId),
      400,
      'TRANSACTION_NOT_VOIDABLE',
    );
    await refund(captured.transactionId, { amount: 10000 });
    await expectRefusedWithoutChange(
      captured.transactionId,
      () => voidTx(captured.transactionId),
      400,
      'TRANSACTION_NOT_VOIDABLE',
    );
    const declined = await cardTransaction(api, customer, { card: '4000000000009995' });
    await expectRefusedWithoutChange(
      declined.transactionId,
      () => voidTx(declined.transactionId),
      400,
      'TRANSACTION_NOT_VOIDABLE',
    );
  });
});

describe('events', () => {
  it('every operation appends one event, in order, each with event, success, amount, created_at, created_by and request_id', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const requestIds = [
      (await capture(transactionId, { amount: 4000, items: [{ line_id: '2', amount: 4000 }] })).headers.get(
        'request-id',
      ),
      (await refund(transactionId, { amount: 1000, items: [{ line_id: '2', amount: 1000 }] })).headers.get(
        'request-id',
      ),
      (await voidTx(transactionId)).headers.get('request-id'),
    ];
    const events = await eventsOf(api, transactionId);
    expect(events.map((e) => e.event)).toEqual(['INITIALIZE', 'AUTHORIZE', 'CAPTURE', 'REFUND', 'VOID']);
    expect(events.slice(2)).toEqual([
      expect.objectContaining({
        event: 'CAPTURE',
        success: true,
        amount: 4000,
        items: [{ line_id: '2', amount: 4000 }],
        request_id: requestIds[0],
      }),
      expect.objectContaining({
        event: 'REFUND',
        success: true,
        amount: 1000,
        items: [{ line_id: '2', amount: 1000 }],
        request_id: requestIds[1],
      }),
      expect.objectContaining({ event: 'VOID', success: true, amount: 6000, request_id: requestIds[2] }),
    ]);
    for (const e of events) {
      expect(e).toMatchObject({
        id: expect.any(String),
        success: true,
        amount: expect.any(Number),
        created_by: expect.any(String),
        request_id: expect.any(String),
      });
      expect(new Date(e.created_at).toISOString()).toBe(e.created_at);
    }
    expect(events.slice(2).every((e) => e.created_by === CLIENT_ID)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect([...events.map((e) => e.created_at)].sort()).toEqual(events.map((e) => e.created_at));
  });

  it('refused operations append no event', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 20000 });
    await refund(transactionId, { amount: 1 });
    await capture(transactionId, { amount: 1, items: [{ line_id: 'x', amount: 1 }] });
    expect(await eventNames(api, transactionId)).toEqual(['INITIALIZE', 'AUTHORIZE']);
  });
});

describe('idempotent retries', () => {
  it('the same capture_reference with the same body returns the result again and captures once', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const body = { amount: 3000, capture_reference: 'cap-A', items: [{ line_id: '1', amount: 3000 }] };
    const first = await capture(transactionId, body);
    expect(first.status).toBe(200);
    const again = await capture(transactionId, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => capture(transactionId, body)));
    for (const r of parallel) {
      expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 409) expect(r.body.error.code).toBe('OPERATION_IN_PROGRESS');
    }
    expect(await money(srv, transactionId)).toMatchObject({ captured: 3000, pendingCapture: 0 });
    expect((await eventsOf(api, transactionId)).filter((e) => e.event === 'CAPTURE')).toHaveLength(1);
  });

  it('the same capture_reference with a different body is 409 REFERENCE_REUSED and changes nothing', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 3000, capture_reference: 'cap-B' });
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 3001, capture_reference: 'cap-B' }),
      409,
      'REFERENCE_REUSED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 3000, capture_reference: 'cap-B', final_capture: true }),
      409,
      'REFERENCE_REUSED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () =>
        capture(transactionId, { amount: 3000, capture_reference: 'cap-B', items: [{ line_id: '1', amount: 3000 }] }),
      409,
      'REFERENCE_REUSED',
    );
    // A new reference is a new capture.
    expect((await capture(transactionId, { amount: 3000, capture_reference: 'cap-C' })).status).toBe(200);
    expect(await money(srv, transactionId)).toMatchObject({ captured: 6000 });
  });

  it('a capture refused by the rules does not take the reference: the corrected request may use it', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await expectRefusedWithoutChange(
      transactionId,
      () => capture(transactionId, { amount: 20000, capture_reference: 'cap-D' }),
      400,
      'AMOUNT_EXCEEDS_AUTHORIZED',
    );
    const res = await capture(transactionId, { amount: 2000, capture_reference: 'cap-D' });
    expect(res.status).toBe(200);
    expect(res.body.events.at(-1)).toMatchObject({ event: 'CAPTURE', amount: 2000, capture_reference: 'cap-D' });
  });

  it('the same refund_reference replays; with a different body it is 409 REFERENCE_REUSED', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 10000 });
    const body = { amount: 2500, refund_reference: 'rf-1', reason: 'returned' };
    const first = await refund(transactionId, body);
    expect(first.status).toBe(200);
    const again = await refund(transactionId, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { ...body, amount: 2000 }),
      409,
      'REFERENCE_REUSED',
    );
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { ...body, reason: 'other' }),
      409,
      'REFERENCE_REUSED',
    );
    expect(await money(srv, transactionId)).toMatchObject({ refunded: 2500 });
    expect((await eventsOf(api, transactionId)).filter((e) => e.event === 'REFUND')).toHaveLength(1);
  });

  it('the same Idempotency-Key replays the first response and refunds once; another body with it is 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await capture(transactionId, { amount: 10000 });
    const key = { 'idempotency-key': `refund-${transactionId}` };
    const first = await refund(transactionId, { amount: 1200 }, key);
    expect(first.status).toBe(200);
    const again = await refund(transactionId, { amount: 1200 }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await expectRefusedWithoutChange(
      transactionId,
      () => refund(transactionId, { amount: 1300 }, key),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await money(srv, transactionId)).toMatchObject({ refunded: 1200 });
  });
});
