import { describe, expect, it } from 'vitest';
import { card } from '../support/api-client';
import { paidSession, useKassa } from '../support/fixtures';

/**
 * GET /v1/transactions takes its list filters as the public API reference writes them (`status[]`,
 * `id[]`, ...: the same as the plain name) and refuses the reference's filters it cannot apply,
 * instead of answering an unfiltered list.
 */
const { api } = useKassa();
const ids = async (query: string) => {
  const res = await api.get(`/v1/transactions?limit=100&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }[]).map((t) => t.id);
};

describe('GET /v1/transactions filters', () => {
  it('the bracket form of a list filter filters like the plain one', async () => {
    const a = await paidSession(api, { order: { amount: 10_000 } });
    const b = await paidSession(api, { order: { amount: 10_000 } });
    await api.post(`/v1/transactions/${b.transactionId}/capture`, { amount: 10_000 });
    const captured = await ids('status[]=CAPTURED');
    expect(captured).toContain(b.transactionId);
    expect(captured).not.toContain(a.transactionId);
    expect(captured).toEqual(await ids('status=CAPTURED'));
    expect(await ids(`id[]=${a.transactionId}&id[]=${b.transactionId}`)).toEqual([b.transactionId, a.transactionId]);
    expect(await ids(`session_id[]=${a.sessionId}`)).toEqual([a.transactionId]);
    expect((await api.get('/v1/transactions?status[]=NOT_A_STATUS')).status).toBe(400);
  });

  it('search, amount, currency and payment_product filter', async () => {
    const small = await paidSession(api, {
      order: { amount: 1_234, items: [{ line_id: '1', description: 'Pen', quantity: 1, amount: 1_234 }] },
    });
    const { transactionId } = small;
    expect(await ids(`search=${transactionId}`)).toEqual([transactionId]);
    expect(await ids(`search=${small.sessionId}`)).toEqual([transactionId]);
    expect(await ids(`search=${encodeURIComponent(small.body.order?.merchant_reference ?? '')}`)).toContain(
      transactionId,
    );
    expect(await ids(`amount=1234&search=${transactionId}`)).toEqual([transactionId]);
    expect(await ids(`amount.gte=1235&search=${transactionId}`)).toEqual([]);
    expect(await ids(`amount.lte=1234&currency[]=NOK&payment_product[]=sandbox&search=${transactionId}`)).toEqual([
      transactionId,
    ]);
    expect(await ids(`currency=SEK&search=${transactionId}`)).toEqual([]);
    expect((await api.get('/v1/transactions?amount=abc')).status).toBe(400);
  });

  it('an amount filter outside the int32 column is 400 naming it, on both engines (issue 37 item 14)', async () => {
    // PostgreSQL refused to compare the int32 column with 2147483648 (a 500); SQLite answered 200
    for (const [name, value] of [
      ['amount', '2147483648'],
      ['amount.gte', '2147483648'],
      ['amount.lte', '-2147483649'],
      ['amount', '9007199254740993'],
    ]) {
      const res = await api.get(`/v1/transactions?${name}=${value}`);
      expect(res.status, `${name}=${value}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(new Set(res.body.error.errors.map((e: { path: string }) => e.path))).toEqual(new Set([`query.${name}`]));
    }
    for (const [name, value] of [
      ['amount', '2147483647'],
      ['amount.gte', '-2147483648'],
      ['amount.lte', '2147483647'],
    ])
      expect((await api.get(`/v1/transactions?${name}=${value}`)).status, `${name}=${value}`).toBe(200);
    const doc = (await api.get('/v1/openapi.json')).body;
    const amount = (doc.paths['/v1/transactions'].get.parameters as { name: string; schema: object }[]).find(
      (p) => p.name === 'amount',
    );
    expect(amount?.schema).toMatchObject({ type: 'integer', minimum: -2147483648, maximum: 2147483647 });
  });

  it("the reference's filters this server cannot apply are 400, not an unfiltered list", async () => {
    await paidSession(api, { card: card('4111 1111 1111 1111') });
    for (const filter of [
      'store_id[]=s1',
      'terminal_id=t1',
      'customer_id=c1',
      'token_id[]=x',
      'channel=in_store',
      'payout_correlation_id[]=p',
    ]) {
      const res = await api.get(`/v1/transactions?${filter}`);
      expect(res.status, filter).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(res.body.error.errors[0].message).toMatch(/not supported/);
    }
    // and the document does not offer them (a client that reads it never sends one)
    const doc = (await api.get('/v1/openapi.json')).body;
    const params = (doc.paths['/v1/transactions'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toContain('payout_destination_id');
    for (const name of ['store_id', 'terminal_id', 'customer_id', 'token_id', 'channel', 'payout_correlation_id'])
      expect(params).not.toContain(name);
  });
});
