import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { card, payBody, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';

/**
 * Issue 37 item 1, re-run as the probe did it (ADR 040): the customer's "done" on a customer action,
 * sent 2 or 10 times at once (a double click, a reload, a second tab), unauthenticated. Before, every
 * request asked the provider and every answer after the first was taken for a late authorization and
 * voided, while the transaction stayed AUTHORIZED and capturable (10 requests: 9 VOID events). Now, on
 * the sandbox's 3-D Secure page and on a payment app's return URL: exactly one provider decision per
 * transaction, no VOID on the AUTHORIZED transaction, and every request ends on the same redirect.
 */
const { srv, api, customer, db } = useKassa();
const ROUNDS = 50;
/** Rounds run side by side (each on its own session), to keep the file short. */
const BATCH = 5;
const CHALLENGE_CARD = card('4000 0000 0000 3220');
const APP_TYPE = 'payment_app.acme';

let app: PaymentAppServer;
/** The test app: its page for every payment, then approved (keyed by transaction id, as the protocol asks). */
const rules = (r: AppRequest): AppReply => {
  if (r.method === 'authorize')
    return {
      json: { result: 'customer_action', url: `https://app.example/confirm/${r.body.transaction_id}`, state: {} },
    };
  if (r.method === 'complete-customer-action')
    return { json: { result: 'approved', provider_reference: `acme-${r.body.transaction_id}` } };
  return { json: { result: 'done' } };
};

beforeAll(async () => {
  const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  app.reply = rules;
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url: app.url, display_name: 'Acme Pay' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
});
afterAll(() => app.close());

/** A product whose payment waits on a page, and how many times its provider decided each transaction. */
interface Target {
  /** Creates a session, pays, and answers the waiting transaction and how to send the customer's "done". */
  waiting(): Promise<{ tx: string; done: () => Promise<{ status: number; location: string | null }> }>;
  decisions(tx: string): number;
}

const sandbox3ds = (): Target => {
  const issuer = srv.kassa.ctx.providers.providerFor('sandbox.creditcard');
  const spy = vi.spyOn(issuer, 'completeCustomerAction');
  return {
    async waiting() {
      const created = await api.post('/v1/sessions', sessionBody());
      const sid = created.body.id as string;
      const pay = await customer.post(`/v1/sessions/${sid}/pay`, payBody(CHALLENGE_CARD));
      expect(pay.body.actions?.[0]?.code, JSON.stringify(pay.body)).toBe('3DS_CHALLENGE');
      const tx = pay.body.transaction_id as string;
      const done = async () => {
        const res = await customer.request('POST', `/v1/view/${sid}/sandbox/3ds/${tx}`, 'decision=complete', {
          'content-type': 'application/x-www-form-urlencoded',
        });
        return { status: res.status, location: res.headers.get('location') };
      };
      return { tx, done };
    },
    decisions: (tx) => spy.mock.calls.filter(([req]) => req.transactionId === tx).length,
  };
};

const paymentApp = (): Target => ({
  async waiting() {
    const body = sessionBody({ configuration: { payment_app: { acme: { enabled: true } } } });
    const sid = (await api.post('/v1/sessions', body)).body.id as string;
    const pay = await customer.post(`/v1/sessions/${sid}/pay`, { payment: { payment_product_type: APP_TYPE } });
    expect(pay.body.redirect_url, JSON.stringify(pay.body)).toMatch(/^https:\/\/app\.example\/confirm\//);
    const tx = pay.body.transaction_id as string;
    const done = async () => {
      const res = await customer.get(`/v1/view/${sid}/payments/${tx}/return`);
      return { status: res.status, location: res.headers.get('location') };
    };
    return { tx, done };
  },
  decisions: (tx) => app.of('complete-customer-action').filter((r) => r.body.transaction_id === tx).length,
});

const round = async (target: Target, concurrent: number) => {
  const { tx, done } = await target.waiting();
  const answers = await Promise.all(Array.from({ length: concurrent }, done));
  const events = await db()
    .selectFrom('transaction_events')
    .select(['event', 'success'])
    .where('transaction_id', '=', tx)
    .orderBy('seq')
    .execute();
  const row = await db().selectFrom('transactions').select('status').where('id', '=', tx).executeTakeFirstOrThrow();
  return {
    decisions: target.decisions(tx),
    voids: events.filter((e) => e.event === 'VOID').length,
    status: row.status,
    redirects: new Set(answers.map((a) => `${a.status} ${a.location}`)).size,
    location: answers[0]!.location,
  };
};

describe('concurrent completions of one customer action', () => {
  for (const [name, target] of [
    ['the sandbox 3-D Secure page', sandbox3ds],
    ['a payment app return URL', paymentApp],
  ] as const) {
    for (const concurrent of [2, 10]) {
      it(`${name}: ${ROUNDS} rounds of ${concurrent} at once ask the provider once, void nothing and end on one redirect`, async () => {
        const t = target();
        const results = [];
        for (let i = 0; i < ROUNDS; i += BATCH)
          results.push(...(await Promise.all(Array.from({ length: BATCH }, () => round(t, concurrent)))));
        const bad = results.filter(
          (r) =>
            r.decisions !== 1 ||
            r.voids !== 0 ||
            r.status !== 'AUTHORIZED' ||
            r.redirects !== 1 ||
            r.location?.includes('payment_error') !== false,
        );
        expect(bad, `${bad.length} of ${ROUNDS} rounds: ${JSON.stringify(bad.slice(0, 3))}`).toEqual([]);
      });
    }
  }
});
