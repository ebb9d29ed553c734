import { beforeEach, describe, expect, it } from 'vitest';
import { uuid } from '../../server/shared/ids';
import { sessionBody } from '../support/api-client';
import { clientWithScopes, useKassa } from '../support/fixtures';
import { startPaymentApp } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import {
  cardTransaction,
  invoiceTransaction,
  money,
  refusedWithoutChange,
  setGateway,
  snapshot,
} from '../support/transaction-helpers';

/** Issue 27 item 15: POST /v1/events/transaction/{intent} with sync_status and extend_authorization (ADR 036). */
const { srv, api, customer, merchant } = useKassa({ merchant: true });

const intent = (name: string, body: unknown, headers?: Record<string, string>) =>
  api.post(`/v1/events/transaction/${name}`, body, headers);
const sync = (transactionId: string, headers?: Record<string, string>) =>
  intent('sync_status', { transaction_id: transactionId }, headers);
const db = () => srv.kassa.ctx.database.db;
const unchanged = refusedWithoutChange(srv, api);

/** What the sandbox acquirer records on its own, as if it had done an operation Kassa never booked. */
const acquirerRecords = async (
  transactionId: string,
  kind: 'CAPTURE' | 'REFUND' | 'VOID',
  amount: number,
  opts: { operationId?: string; done?: boolean } = {},
) => {
  const at = new Date(Date.now() + (opts.done === false ? 600_000 : -1000)).toISOString();
  const operationId = opts.operationId ?? uuid();
  await db()
    .insertInto('sandbox_operations')
    .values({
      operation_id: operationId,
      transaction_id: transactionId,
      kind,
      amount,
      complete_after: at,
      created_at: at,
    })
    .execute();
  return operationId;
};
const outboxOf = (transactionId: string) =>
  db().selectFrom('outbox').select(['event', 'event_id']).where('transaction_id', '=', transactionId).execute();

beforeEach(() => setGateway(api, { unavailable: false, async_operations: false }));

describe('sync_status', () => {
  it('a transaction the acquirer agrees with: 200, changed false, nothing written', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4000 });
    const before = await snapshot(srv, api, transactionId);
    const res = await sync(transactionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ intent: 'sync_status', changed: false, event_ids: [] });
    expect(res.body.transaction).toMatchObject({ id: transactionId, status: 'PARTIALLY_CAPTURED' });
    expect(res.body.unreconciled).toBeUndefined();
    expect(await snapshot(srv, api, transactionId)).toEqual(before);
  });

  it('drift: a void the acquirer recorded is booked with its event and callback; a second call changes nothing', async () => {
    const { transactionId } = await cardTransaction(api, customer, {
      url: { callback_url: `${merchant.url}/cb?report_event=VOID` },
    });
    const operationId = await acquirerRecords(transactionId, 'VOID', 10000);
    const res = await sync(transactionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ intent: 'sync_status', changed: true, event_ids: [expect.any(String)] });
    expect(res.body.transaction.status).toBe('AUTHORIZATION_VOIDED');
    expect(res.body.transaction.events.at(-1)).toMatchObject({
      id: res.body.event_ids[0],
      event: 'VOID',
      success: true,
      amount: 10000,
      intent: 'sync_status',
      provider_operation_id: operationId,
      request_id: res.headers.get('request-id'),
    });
    expect(await money(srv, transactionId)).toMatchObject({ status: 'AUTHORIZATION_VOIDED', voided: 10000 });
    expect(await outboxOf(transactionId)).toContainEqual({ event: 'VOID', event_id: res.body.event_ids[0] });

    const before = await snapshot(srv, api, transactionId);
    const outboxBefore = await outboxOf(transactionId);
    const again = await sync(transactionId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, event_ids: [] });
    expect(await snapshot(srv, api, transactionId)).toEqual(before);
    expect(await outboxOf(transactionId)).toEqual(outboxBefore);
  });

  it('drift: a capture Kassa released as never done (503) but the acquirer did after all is booked; what is left can still be captured', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await setGateway(api, { unavailable: true });
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 4000 })).status).toBe(503);
    // the provider cannot be asked either: 503, nothing changed
    await unchanged(transactionId, () => sync(transactionId), 503, 'PROVIDER_UNAVAILABLE');
    await setGateway(api, { unavailable: false });
    const released = await db()
      .selectFrom('transaction_operations')
      .select(['id', 'status'])
      .where('transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(released.status).toBe('RELEASED');
    await acquirerRecords(transactionId, 'CAPTURE', 4000, { operationId: released.id });
    const res = await sync(transactionId);
    expect(res.body).toMatchObject({ changed: true, transaction: { status: 'PARTIALLY_CAPTURED' } });
    expect(await money(srv, transactionId)).toMatchObject({ captured: 4000, pendingCapture: 0 });
    const over = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 6001 });
    expect(over.body.error.code).toBe('AMOUNT_EXCEEDS_AUTHORIZED');
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 6000 })).body.status).toBe(
      'CAPTURED',
    );
  });

  it('what the transaction cannot take is listed in unreconciled and changes nothing; an operation still pending at the acquirer is not booked', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const refund = await acquirerRecords(transactionId, 'REFUND', 500);
    await acquirerRecords(transactionId, 'CAPTURE', 3000, { done: false });
    const before = await snapshot(srv, api, transactionId);
    const res = await sync(transactionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      changed: false,
      event_ids: [],
      unreconciled: [
        {
          operation_id: refund,
          operation: 'REFUND',
          amount: 500,
          code: 'TRANSACTION_NOT_REFUNDABLE',
          message: expect.any(String),
        },
      ],
    });
    expect(await snapshot(srv, api, transactionId)).toEqual(before);
  });

  it('honours Idempotency-Key: the repeat is answered as the first, and books nothing more', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await acquirerRecords(transactionId, 'CAPTURE', 2500);
    const key = { 'idempotency-key': uuid() };
    const first = await sync(transactionId, key);
    expect(first.body).toMatchObject({ changed: true, transaction: { status: 'PARTIALLY_CAPTURED' } });
    await acquirerRecords(transactionId, 'CAPTURE', 1000);
    const again = await sync(transactionId, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await money(srv, transactionId)).toMatchObject({ captured: 2500 });
  });
});

describe('sync_status through a payment app', () => {
  it('asks the app for the transaction (signed, transaction-status) and books the capture it reports', async () => {
    const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    const app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
    try {
      let reported: unknown[] = [];
      app.reply = (r) =>
        r.method === 'authorize'
          ? { json: { result: 'approved', provider_reference: 'acme-1' } }
          : r.method === 'transaction-status'
            ? { json: { operations: reported } }
            : { json: { result: 'done' } };
      const configured = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
        configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 500 } },
      });
      expect(configured.status).toBe(204);
      const created = await api.post(
        '/v1/sessions',
        sessionBody({ configuration: { payment_app: { acme: { enabled: true } } } }),
      );
      const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
        payment: { payment_product_type: 'payment_app.acme' },
      });
      const transactionId = paid.body.transaction_id as string;
      expect((await sync(transactionId)).body).toMatchObject({ changed: false });
      reported = [{ operation_id: 'acme-cap-1', kind: 'capture', amount: 10000, status: 'done' }];
      const res = await sync(transactionId);
      expect(res.body).toMatchObject({ changed: true, transaction: { status: 'CAPTURED' } });
      expect(app.of('transaction-status').at(-1)).toMatchObject({
        signed: true,
        body: { account_id: ACCOUNT, product_type: 'payment_app.acme', transaction_id: transactionId },
      });
      expect((await sync(transactionId)).body).toMatchObject({ changed: false });
      app.reply = () => ({ status: 404, json: {} }); // an app without transaction-status
      await unchanged(transactionId, () => sync(transactionId), 503, 'PROVIDER_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });
});

describe('extend_authorization', () => {
  it('extends a sandbox invoice: an AUTHORIZE event with the reason and reference, the amount kept', async () => {
    const { transactionId } = await invoiceTransaction(api);
    const res = await intent('extend_authorization', {
      transaction_id: transactionId,
      reason: 'customer asked for more time',
      reference: 'ext-9',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ intent: 'extend_authorization', changed: true });
    expect(res.body.transaction).toMatchObject({ status: 'AUTHORIZED', amount: 10000 });
    expect(res.body.transaction.events.at(-1)).toMatchObject({
      id: res.body.event_ids[0],
      event: 'AUTHORIZE',
      success: true,
      amount: 10000,
      authorization_update: 'EXTEND_AUTHORIZATION',
      reason: 'customer asked for more time',
      reference: 'ext-9',
    });
  });

  it('a card payment, or a voided invoice: 409 AUTHORIZATION_NOT_UPDATABLE and nothing changed', async () => {
    const { transactionId: card } = await cardTransaction(api, customer);
    const extend = (id: string) => () => intent('extend_authorization', { transaction_id: id });
    await unchanged(card, extend(card), 409, 'AUTHORIZATION_NOT_UPDATABLE');
    const { transactionId: invoice } = await invoiceTransaction(api);
    expect((await api.post(`/v1/transactions/${invoice}/void`)).status).toBe(200);
    await unchanged(invoice, extend(invoice), 409, 'AUTHORIZATION_NOT_UPDATABLE');
  });
});

describe('bad requests change nothing', () => {
  it('an unknown intent, a field the intent does not take, no transaction, an unknown one, a read-only client', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const unknownIntent = await unchanged(
      transactionId,
      () => intent('capture_everything', { transaction_id: transactionId }),
      404,
      'ROUTE_NOT_FOUND',
    );
    expect(unknownIntent.body.error.message).toBe('No operation at POST /v1/events/transaction/capture_everything');
    const extra = await unchanged(
      transactionId,
      () => intent('sync_status', { transaction_id: transactionId, reason: 'why' }),
      400,
      'INVALID_REQUEST',
    );
    expect(extra.body.error.errors[0]).toMatchObject({ path: 'reason', code: 'unrecognized_keys' });
    await unchanged(transactionId, () => intent('sync_status', {}), 400, 'INVALID_REQUEST');
    await unchanged(
      transactionId,
      () => intent('sync_status', { transaction_id: transactionId, amount: 1 }),
      400,
      'INVALID_REQUEST',
    );
    expect((await intent('sync_status', { transaction_id: 'T00000001.nooooooooooone' })).body.error.code).toBe(
      'TRANSACTION_NOT_FOUND',
    );
    const reader = await clientWithScopes({ srv }, ['read:checkout']);
    await unchanged(
      transactionId,
      () => reader.post('/v1/events/transaction/sync_status', { transaction_id: transactionId }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});
