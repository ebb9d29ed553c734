import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/http/route-table';
import { appendTransactionEvent, loadTransaction } from '../../server/payments/store/transaction-repository';
import { readTransaction } from '../../server/payments/store/read-transaction';
import { readTransactionJson } from '../../server/payments/transactions/transaction-view-json';
import { DECLINE_CARD, payBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { arbitraryFor } from '../support/fuzz/zod-arbitrary';
import { ACCOUNT } from '../support/test-server';
import { cardTransaction, invoiceTransaction, lineItems } from '../support/transaction-helpers';
import { ZERO_MINOR } from '../../domain/money';

/**
 * `GET /v1/transactions/{id}` without includes builds its JSON text from the stored columns
 * (transaction-view-json.ts). It must be exactly `JSON.stringify` of `readTransaction`, the mapper
 * every other path uses, in every state a transaction reaches and with every optional part the
 * session's order and the operations' details can put into it (generated from their schemas).
 */
const createRoute = ROUTES.find((r) => r.operationId === 'checkout_session_post')!;
const captureRoute = ROUTES.find((r) => r.path === '/v1/transactions/{id}/capture')!;
const shapeOf = (schema: unknown) => (schema as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape;
const sessionParts = fc.record(
  { metadata: arbitraryFor(shapeOf(createRoute.body).metadata), url: arbitraryFor(shapeOf(createRoute.body).url) },
  { requiredKeys: [] },
);
const captureMetadata = arbitraryFor(shapeOf(captureRoute.body).metadata);

describe('GET /v1/transactions/{id} as JSON text', () => {
  const k = useKassa();
  const expectSame = async (id: string) => {
    const { database } = k.srv.kassa.ctx;
    const text = await readTransactionJson(database.db, id, ACCOUNT);
    const record = await loadTransaction(database.db, database, id, ACCOUNT);
    expect(text).toBe(JSON.stringify(await readTransaction(database.db, record)));
    const res = await k.api.get(`/v1/transactions/${id}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(text);
  };

  it('is JSON.stringify(readTransaction(...)) through authorize, capture, refund and void, with generated metadata and urls', async () => {
    const parts = fc.sample(sessionParts, { numRuns: 40, seed: 21 });
    const metadata = fc.sample(captureMetadata, { numRuns: 40, seed: 22 });
    let compared = 0;
    for (const [i, p] of parts.entries()) {
      const url = (p.url ?? {}) as Record<string, unknown>;
      const tx = await cardTransaction(k.api, k.customer, {
        url: { ...url, return_url: 'https://merchant.example/return' },
        order: p.metadata ? { metadata: p.metadata } : {},
      }).catch(() => undefined);
      if (!tx) continue;
      const id = tx.transactionId;
      await expectSame(id);
      const step = i % 4;
      if (step === 0) {
        const m = metadata[i];
        await k.api.post(`/v1/transactions/${id}/capture`, {
          amount: 6000,
          capture_reference: `cap-${i}`,
          ...(m === undefined ? {} : { metadata: m }),
        });
        await expectSame(id);
        await k.api.post(`/v1/transactions/${id}/refund`, { amount: 1000, refund_reference: `ref-${i}` });
      } else if (step === 1) {
        await k.api.post(`/v1/transactions/${id}/capture`, { amount: 10000, final_capture: true });
      } else if (step === 2) {
        await k.api.post(`/v1/transactions/${id}/void`, {});
      }
      await expectSame(id);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('is the same for an item-based invoice captured by lines, a declined payment and a merchant reference 2', async () => {
    const invoice = await invoiceTransaction(k.api, { order: { merchant_reference_2: 'second-ref' } });
    await expectSame(invoice.transactionId);
    expect(
      (
        await k.api.post(`/v1/transactions/${invoice.transactionId}/capture`, {
          amount: 6000,
          items: lineItems(['1', 6000]),
        })
      ).status,
    ).toBe(200);
    await expectSame(invoice.transactionId);
    // every optional column of an event without details, written as any operation could store it
    await k.srv.kassa.ctx.database.db.transaction().execute((trx) =>
      appendTransactionEvent(trx, invoice.transactionId, {
        event: 'CAPTURE',
        success: false,
        amount: ZERO_MINOR,
        items: lineItems(['2', 4000]),
        error: { code: 'DECLINED', message: 'No "quotes" \\ here' },
        createdBy: 'system',
      }),
    );
    await expectSame(invoice.transactionId);

    const declined = await k.api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: { amount: 5000, currency: 'NOK', merchant_reference: 'declined-1' },
    });
    const pay = await k.customer.post(`/v1/sessions/${declined.body.id}/pay`, payBody(DECLINE_CARD));
    if (pay.body.transaction_id) await expectSame(pay.body.transaction_id as string);
  });

  it('answers 404 for an id of no transaction of this account', async () => {
    const res = await k.api.get('/v1/transactions/T10000001.nosuchtransaction');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('TRANSACTION_NOT_FOUND');
  });
});
