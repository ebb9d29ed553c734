import { describe, expect, it } from 'vitest';
import { APPROVE_CARD, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/**
 * Every idempotent route records what it changed on its key's row in the transaction of the change
 * (ADR 006). Putting a completed record back to IN_PROGRESS is exactly what a process that died
 * between that commit and storing the answer leaves behind: the retry must answer from the
 * recorded resource at once, and change nothing a second time.
 */
const { api, customer, db } = useKassa();

const crashAfterCommit = async (key: string) => {
  const row = await db()
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('idem_key', '=', key)
    .executeTakeFirstOrThrow();
  expect(row.resource_id, `${key} recorded its resource`).not.toBeNull();
  await db()
    .updateTable('idempotency_keys')
    .set({ status: 'IN_PROGRESS', response_status: null, response_body: null, completed_at: null })
    .where('idem_key', '=', key)
    .execute();
};
const counts = async () => ({
  sessions: Number(
    (
      await db()
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  operations: Number(
    (
      await db()
        .selectFrom('transaction_operations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  events: Number(
    (
      await db()
        .selectFrom('transaction_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  secrets: Number(
    (
      await db()
        .selectFrom('signature_secrets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  profiles: Number(
    (
      await db()
        .selectFrom('session_profiles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const paidTransaction = async (): Promise<{ sessionId: string; transactionId: string }> => {
  const created = await api.post('/v1/sessions', sessionBody());
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
    payment: { payment_product_type: 'sandbox.creditcard', card: APPROVE_CARD },
  });
  return { sessionId: created.body.id, transactionId: paid.body.transaction_id };
};

const cases: [string, () => Promise<{ path: string; body: unknown; id: (b: any) => unknown }>][] = [
  ['POST /v1/sessions', async () => ({ path: '/v1/sessions', body: sessionBody(), id: (b) => b.id })],
  [
    'POST /v1/sessions/payment-token',
    async () => ({
      path: '/v1/sessions/payment-token',
      body: {
        session: {
          url: { return_url: 'https://m.example/r' },
          order: { amount: 0, currency: 'NOK', merchant_reference: `pt-${Math.random()}` },
        },
        token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
      },
      id: (b) => b.id,
    }),
  ],
  [
    'POST /v1/sessions/pay',
    async () => ({
      path: '/v1/sessions/pay',
      body: {
        session: {
          order: {
            amount: 10000,
            currency: 'NOK',
            merchant_reference: `mit-${Math.random()}`,
            items: sessionBody().order.items,
          },
          payment_operation: 'invoice_purchase',
        },
        payment: { payment_product_type: 'sandbox.invoice' },
      },
      id: (b) => [b.session_id, b.id, b.status],
    }),
  ],
  [
    'POST /v1/admin/session/profiles',
    async () => ({
      path: '/v1/admin/session/profiles',
      body: { description: 'p', configuration: {} },
      id: (b) => b.profile_id,
    }),
  ],
  [
    'POST /v1/admin/signature',
    async () => ({ path: '/v1/admin/signature', body: undefined, id: (b) => [b.id, b.signature.secret] }),
  ],
  [
    'capture',
    async () => {
      const { transactionId } = await paidTransaction();
      return {
        path: `/v1/transactions/${transactionId}/capture`,
        body: { amount: 1000 },
        id: (b) => [b.id, b.amount, b.captured_amount ?? b.summary],
      };
    },
  ],
  [
    'refund',
    async () => {
      const { transactionId } = await paidTransaction();
      await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 5000 });
      return { path: `/v1/transactions/${transactionId}/refund`, body: { amount: 1000 }, id: (b) => [b.id, b.status] };
    },
  ],
  [
    'void',
    async () => {
      const { transactionId } = await paidTransaction();
      return { path: `/v1/transactions/${transactionId}/void`, body: {}, id: (b) => [b.id, b.status] };
    },
  ],
  [
    'cancel',
    async () => {
      const { sessionId } = await paidTransaction();
      return { path: `/v1/sessions/${sessionId}/cancel`, body: undefined, id: (b) => [b.id, b.status] };
    },
  ],
  [
    'authorization update',
    async () => {
      const { transactionId } = await paidTransaction();
      return {
        path: `/v1/transactions/${transactionId}/authorization`,
        body: {
          amount: 12000,
          final_authorization: false,
          items: [
            { line_id: '1', amount: 8000 },
            { line_id: '2', amount: 4000 },
          ],
        },
        id: (b) => [b.id, b.amount],
      };
    },
  ],
];

describe('a retry after a crash between the change and its stored answer', () => {
  it.each(cases)('%s: answers from the recorded resource, replayed, and changes nothing again', async (_, setup) => {
    const { path, body, id } = await setup();
    const key = `recover-${Math.random().toString(36).slice(2)}`;
    const first = await api.post(path, body, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const after = await counts();
    await crashAfterCommit(key);
    const retry = await api.post(path, body, { 'idempotency-key': key });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(id(retry.body)).toEqual(id(first.body));
    expect(await counts()).toEqual(after);
    // The retry stored its answer: the next one is a plain replay.
    const again = await api.post(path, body, { 'idempotency-key': key });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(await counts()).toEqual(after);
  });
});
