import { describe, expect, it } from 'vitest';
import { providerNotReached } from '../../server/providers/provider-errors';
import { buildCallbackRequest } from '../../server/callbacks/build-callback-request';
import { classifyAttempt, MAX_CALLBACK_ATTEMPTS, retryDelayMs } from '../../server/callbacks/retry-policy';
import { APPROVE_CARD, ApiClient, DECLINE_CARD, payBody, sessionBody } from '../support/api-client';
import {
  eventId,
  merchantVerifies,
  outboxRows,
  payWithCallback,
  sleep,
  type Callback,
  type Respond,
} from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';
import { ACCOUNT, type TestServer } from '../support/test-server';

/** A server and a merchant endpoint for this test only (stopped when it finishes). */
const setup = (respond?: Respond, env?: Record<string, string>) => kassaForTest({ merchant: respond ?? true, env });

const pay = (srv: TestServer, api: ApiClient, url: string, card?: Parameters<typeof payWithCallback>[3]) =>
  payWithCallback(srv.baseUrl, api, url, card);
const ofEvent = (event: string | null) => (c: Callback) => c.query.get('event') === event;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('the callback query', () => {
  it("carries transaction_id, session_id, merchant_reference, time and event_id, keeps the merchant's own parameters, and has no event or error on the authorization callback", async () => {
    const { srv, merchant, api } = await setup();
    const started = Date.now();
    const { sessionId, transactionId, merchantReference } = await pay(
      srv,
      api,
      `${merchant.url}/shop/cb?shop=oslo&order=42`,
    );
    const [cb] = await merchant.waitFor((r) => r.length >= 1);
    expect(cb!.method).toBe('GET');
    expect(new URL(cb!.url, merchant.url).pathname).toBe('/shop/cb');
    const q = cb!.query;
    expect(q.get('shop')).toBe('oslo');
    expect(q.get('order')).toBe('42');
    expect(q.get('transaction_id')).toBe(transactionId);
    expect(q.get('session_id')).toBe(sessionId);
    expect(q.has('sid')).toBe(false);
    expect(q.get('merchant_reference')).toBe(merchantReference);
    expect(q.get('time')).toMatch(ISO);
    expect(Date.parse(q.get('time')!)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(q.get('time')!)).toBeLessThanOrEqual(Date.now());
    expect(q.get('event_id')).toBe(await eventId(api, transactionId, 'AUTHORIZE'));
    expect(q.has('event')).toBe(false);
    expect(q.has('error')).toBe(false);
    expect(cb!.headers['event-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cb!.body).toBe('');
  });

  it('uses sid instead of session_id when the URL has sid_parameter_name=sid', async () => {
    const { srv, merchant, api } = await setup();
    const { sessionId } = await pay(srv, api, `${merchant.url}/cb?sid_parameter_name=sid`);
    const [cb] = await merchant.waitFor((r) => r.length >= 1);
    expect(cb!.query.get('sid')).toBe(sessionId);
    expect(cb!.query.has('session_id')).toBe(false);
    expect(cb!.query.get('sid_parameter_name')).toBe('sid');
  });

  it('method=POST sends the transaction as JSON (no session), and includes=session adds the session', async () => {
    const { srv, merchant, api } = await setup();
    const plain = await pay(srv, api, `${merchant.url}/cb?method=POST`);
    const withSession = await pay(srv, api, `${merchant.url}/cb?method=POST&includes=session`);
    await merchant.waitFor((r) => r.length >= 2);
    const byTx = (id: string) => merchant.received.find((c) => c.query.get('transaction_id') === id)!;
    const a = byTx(plain.transactionId);
    expect(a.method).toBe('POST');
    expect(a.headers['content-type']).toBe('application/json');
    const body = JSON.parse(a.body);
    expect(body).toMatchObject({
      id: plain.transactionId,
      session_id: plain.sessionId,
      status: 'AUTHORIZED',
      amount: 10000,
      currency: 'NOK',
    });
    expect(body.events.map((e: { event: string }) => e.event)).toEqual(['INITIALIZE', 'AUTHORIZE']);
    expect(body.session).toBeUndefined();
    const b = JSON.parse(byTx(withSession.transactionId).body);
    expect(b).toMatchObject({
      id: withSession.transactionId,
      status: 'AUTHORIZED',
      session: { id: withSession.sessionId, order: { amount: 10000 } },
    });
  });

  it('a URL with an unknown report_event or a delay_callback that is not a number is refused at session creation', async () => {
    const { api, merchant } = await setup();
    for (const q of [
      'report_event=SETTLE',
      'report_event=CAPTURE&report_event=nope',
      'delay_callback=soon',
      'delay_callback=-1',
    ]) {
      const res = await api.post(
        '/v1/sessions',
        sessionBody({ url: { return_url: 'https://shop.example/r', callback_url: `${merchant.url}/cb?${q}` } }),
      );
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe('INVALID_CALLBACK_URL');
    }
    const ok = await api.post(
      '/v1/sessions',
      sessionBody({
        url: {
          return_url: 'https://shop.example/r',
          callback_url: `${merchant.url}/cb?report_event=capture&report_event=REFUND&delay_callback=0`,
        },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it('delay_callback is capped at 60 seconds', async () => {
    const { srv, merchant, api } = await setup();
    const before = Date.now();
    await pay(srv, api, `${merchant.url}/cb?delay_callback=3600`);
    const [row] = await outboxRows(srv);
    const due = Date.parse(row!.next_attempt_at) - before;
    expect(due).toBeGreaterThan(55_000);
    expect(due).toBeLessThanOrEqual(61_000);
  });
});

describe('report_error=true', () => {
  it('reports a declined authorization with error=authorization and the declined transaction, then the successful retry without error', async () => {
    const { srv, merchant, api } = await setup();
    const created = await api.post(
      '/v1/sessions',
      sessionBody({
        url: { return_url: 'https://shop.example/r', callback_url: `${merchant.url}/cb?report_error=true` },
      }),
    );
    const sessionId = created.body.id as string;
    const declined = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sessionId}/pay`, {
      payment: { payment_product_type: 'sandbox.creditcard', card: DECLINE_CARD },
    });
    expect(declined.body.success).toBe(false);
    const [err] = await merchant.waitFor((r) => r.length >= 1);
    expect(err!.query.get('error')).toBe('authorization');
    expect(err!.query.get('transaction_id')).toBe(declined.body.transaction_id);
    expect(err!.query.get('session_id')).toBe(sessionId);
    expect(err!.query.get('event_id')).toBe(await eventId(api, declined.body.transaction_id, 'AUTHORIZE'));
    expect(err!.query.get('merchant_reference')).toBeTruthy();
    expect(err!.query.get('time')).toMatch(ISO);

    const paid = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sessionId}/pay`, payBody(APPROVE_CARD));
    const [, ok] = await merchant.waitFor((r) => r.length >= 2);
    expect(ok!.query.get('transaction_id')).toBe(paid.body.transaction_id);
    expect(ok!.query.has('error')).toBe(false);
  });

  it('without report_error a declined authorization sends no callback', async () => {
    const { srv, merchant, api } = await setup();
    await pay(srv, api, `${merchant.url}/cb`, DECLINE_CARD);
    await sleep(400);
    expect(merchant.received).toHaveLength(0);
    expect(await outboxRows(srv)).toHaveLength(0);
  });

  it('reports a provider failure with error=failed, and a declined merchant-initiated payment (status FAILED) with error=authorization', async () => {
    const { srv, merchant, api } = await setup();
    const acquirer = srv.kassa.ctx.providers.providerFor('sandbox.creditcard');
    const authorize = acquirer.authorize;
    acquirer.authorize = async () => {
      throw providerNotReached('acquirer down'); // nothing was sent: a failure (an answer lost is not: ADR 050)
    };
    const failed = await pay(srv, api, `${merchant.url}/cb?report_error=true&method=POST`);
    acquirer.authorize = authorize;
    const [a] = await merchant.waitFor((r) => r.length >= 1);
    expect(a!.query.get('error')).toBe('failed');
    expect(a!.query.get('transaction_id')).toBe(failed.transactionId);
    expect(JSON.parse(a!.body)).toMatchObject({ id: failed.transactionId, status: 'FAILED' });

    const mit = await api.post('/v1/sessions/pay', {
      session: {
        url: { return_url: 'https://shop.example/r', callback_url: `${merchant.url}/mit?report_error=true` },
        order: { amount: 2500, currency: 'NOK', merchant_reference: 'mit-1' },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: 'sbx_pt_unknown' } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    });
    expect(mit.status, JSON.stringify(mit.body)).toBe(200);
    expect(mit.body.status).toBe('FAILED');
    const [, b] = await merchant.waitFor((r) => r.length >= 2);
    expect(b!.query.get('error')).toBe('authorization');
    expect(b!.query.get('transaction_id')).toBe(mit.body.id);
    expect(b!.query.get('session_id')).toBe(mit.body.session_id);
  });

  it('a report without a transaction has no transaction_id (built for failures before any transaction exists)', () => {
    const req = buildCallbackRequest({
      url: 'https://shop.example/cb?report_error=true',
      accountId: ACCOUNT,
      sessionId: 'T10000001.abc',
      transactionId: null,
      merchantReference: 'ref-1',
      eventId: 'e1',
      error: 'failed',
      time: '2026-01-01T00:00:00.000Z',
      deliveryId: 'd1',
      nowSeconds: 1,
    });
    const q = new URL(req.url).searchParams;
    expect(q.has('transaction_id')).toBe(false);
    expect(Object.fromEntries(q)).toEqual({
      report_error: 'true',
      session_id: 'T10000001.abc',
      merchant_reference: 'ref-1',
      time: '2026-01-01T00:00:00.000Z',
      event_id: 'e1',
      error: 'failed',
    });
  });
});

describe('report_event', () => {
  it("CAPTURE and REFUND (repeatable) send one callback per later operation, with event and the event's id; VOID was not asked for", async () => {
    const { srv, merchant, api } = await setup();
    const { transactionId } = await pay(srv, api, `${merchant.url}/cb?report_event=CAPTURE&report_event=REFUND`);
    await merchant.waitFor((r) => r.length >= 1);
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 3000 })).status).toBe(200);
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 2000 })).status).toBe(200);
    expect((await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1000 })).status).toBe(200);
    expect((await api.post(`/v1/transactions/${transactionId}/void`)).status).toBe(200);
    await merchant.waitFor((r) => r.length >= 4);
    await sleep(300);
    expect(merchant.received.map((c) => c.query.get('event'))).toEqual([null, 'CAPTURE', 'CAPTURE', 'REFUND']);
    expect(merchant.received.map((c) => c.query.get('event_id'))).toEqual([
      await eventId(api, transactionId, 'AUTHORIZE'),
      await eventId(api, transactionId, 'CAPTURE', 0),
      await eventId(api, transactionId, 'CAPTURE', 1),
      await eventId(api, transactionId, 'REFUND'),
    ]);
    for (const c of merchant.received) expect(c.query.get('transaction_id')).toBe(transactionId);
  });

  it('VOID reports a void, and the rest voided by a final capture; a refused operation reports nothing', async () => {
    const { srv, merchant, api } = await setup();
    const a = await pay(srv, api, `${merchant.url}/a?report_event=VOID`);
    const b = await pay(srv, api, `${merchant.url}/b?report_event=VOID&report_event=CAPTURE`);
    expect((await api.post(`/v1/transactions/${a.transactionId}/refund`, { amount: 1 })).status).toBe(400);
    expect((await api.post(`/v1/transactions/${a.transactionId}/void`)).status).toBe(200);
    expect(
      (await api.post(`/v1/transactions/${b.transactionId}/capture`, { amount: 4000, final_capture: true })).status,
    ).toBe(200);
    await merchant.waitFor((r) => r.length >= 5);
    await sleep(300);
    const seen = (tx: string) =>
      merchant.received.filter((c) => c.query.get('transaction_id') === tx).map((c) => c.query.get('event'));
    expect(seen(a.transactionId)).toEqual([null, 'VOID']);
    expect(seen(b.transactionId)).toEqual([null, 'CAPTURE', 'VOID']);
    const voidCb = merchant.received.find(
      (c) => c.query.get('transaction_id') === b.transactionId && c.query.get('event') === 'VOID',
    )!;
    expect(voidCb.query.get('event_id')).toBe(await eventId(api, b.transactionId, 'VOID'));
  });

  it('an operation the provider accepted for later (202) is reported when it completes, with the completing event', async () => {
    const { srv, merchant, api } = await setup();
    const { transactionId } = await pay(srv, api, `${merchant.url}/cb?report_event=CAPTURE`);
    await merchant.waitFor((r) => r.length >= 1);
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1002 });
    expect(res.status).toBe(202);
    const all = await merchant.waitFor((r) => r.some(ofEvent('CAPTURE')));
    const capture = all.find(ofEvent('CAPTURE'))!;
    const tx = (await api.get(`/v1/transactions/${transactionId}`)).body;
    const completing = tx.events.find((e: { event: string }) => e.event === 'CAPTURE');
    expect(completing.initiate_request_id).toBe(res.headers.get('event-request-id'));
    expect(capture.query.get('event_id')).toBe(completing.id);
  });
});

describe('signature', () => {
  it("verifies with the merchant's own verifier for GET and POST, over the full URL as sent", async () => {
    const { srv, merchant, api } = await setup();
    const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    await pay(srv, api, `${merchant.url}/cb?b=2&a=1&report_event=CAPTURE`);
    const post = await pay(srv, api, `${merchant.url}/post?method=POST&includes=session&x=a%20b`);
    await api.post(`/v1/transactions/${post.transactionId}/capture`, { amount: 100 });
    await merchant.waitFor((r) => r.length >= 2);
    for (const cb of merchant.received) {
      expect(cb.headers['kassa-signature']).toMatch(/^t=\d+,v0-hmac-sha256=[0-9a-f]{64}$/);
      expect(merchantVerifies(cb, merchant.url, secret, ACCOUNT), cb.url).toBe(true);
      expect(merchantVerifies(cb, merchant.url, `${secret}x`, ACCOUNT)).toBe(false);
      expect(
        merchantVerifies({ ...cb, method: cb.method === 'GET' ? 'POST' : 'GET' }, merchant.url, secret, ACCOUNT),
      ).toBe(false);
      expect(merchantVerifies({ ...cb, url: `${cb.url}&extra=1` }, merchant.url, secret, ACCOUNT)).toBe(false);
    }
    expect(merchant.received.map((c) => c.method).sort()).toEqual(['GET', 'POST']);
  });
});

describe('delivery', () => {
  it('is in order per transaction: a CAPTURE callback waits while the AUTHORIZE one is still being retried', async () => {
    let authorizeDown = true;
    const { srv, merchant, api } = await setup((cb) => (cb.query.get('event') === null && authorizeDown ? 503 : 200));
    const { transactionId } = await pay(srv, api, `${merchant.url}/cb?report_event=CAPTURE&report_event=REFUND`);
    await merchant.waitFor((r) => r.length >= 1);
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 5000 });
    await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 100 });
    await merchant.waitFor((r) => r.length >= 4, undefined, 'several AUTHORIZE attempts');
    expect(merchant.received.every(ofEvent(null))).toBe(true);
    const rows = await outboxRows(srv);
    expect(rows.map((r) => [r.event, r.status, r.attempts > 0])).toEqual([
      ['AUTHORIZE', 'PENDING', true],
      ['CAPTURE', 'PENDING', false],
      ['REFUND', 'PENDING', false],
    ]);

    authorizeDown = false;
    await merchant.waitFor((r) => r.some(ofEvent('REFUND')));
    const delivered = merchant.delivered();
    expect(delivered.map((c) => c.query.get('event'))).toEqual([null, 'CAPTURE', 'REFUND']);
    const firstOk = delivered[0]!;
    expect(merchant.received.indexOf(firstOk)).toBe(merchant.received.findIndex(ofEvent('CAPTURE')) - 1);
  });

  it('an earlier callback that failed for good (4xx) does not block the later ones', async () => {
    const { srv, merchant, api } = await setup((cb) => (cb.query.get('event') === null ? 410 : 200));
    const { transactionId } = await pay(srv, api, `${merchant.url}/cb?report_event=CAPTURE`);
    await merchant.waitFor((r) => r.length >= 1);
    await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 5000 });
    await merchant.waitFor((r) => r.some(ofEvent('CAPTURE')));
    await expect
      .poll(async () => (await outboxRows(srv)).map((r) => [r.event, r.status]))
      .toEqual([
        ['AUTHORIZE', 'FAILED'],
        ['CAPTURE', 'DELIVERED'],
      ]);
    expect(merchant.received.filter(ofEvent(null))).toHaveLength(1);
  });

  it('does not hold back other transactions while one is retried', async () => {
    const { srv, merchant, api } = await setup((cb) => (cb.url.startsWith('/down') ? 503 : 200));
    await pay(srv, api, `${merchant.url}/down`);
    const ok = await pay(srv, api, `${merchant.url}/up`);
    await merchant.waitFor((r) =>
      r.some((c) => c.query.get('transaction_id') === ok.transactionId && c.status === 200),
    );
  });

  it('a timeout is retried; each attempt has its own event-delivery, the event_id stays', async () => {
    const { srv, merchant, api } = await setup((_cb, all) => (all.length < 3 ? 'hang' : 200), {
      KASSA_CALLBACK_TIMEOUT_MS: '300',
    });
    await pay(srv, api, `${merchant.url}/cb`);
    await merchant.waitFor((r) => r.length >= 3);
    await expect.poll(async () => (await outboxRows(srv))[0]?.status).toBe('DELIVERED');
    const attempts = await srv.kassa.ctx.database.db
      .selectFrom('callback_attempts')
      .selectAll()
      .orderBy('attempt')
      .execute();
    expect(attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, null, 'timeout'],
      [2, null, 'timeout'],
      [3, 200, null],
    ]);
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(250);
    expect(new Set(merchant.received.map((c) => c.headers['event-delivery'])).size).toBe(3);
    expect(new Set(merchant.received.map((c) => c.query.get('event_id'))).size).toBe(1);
  });

  it('gives up after 20 attempts', async () => {
    const { srv, merchant, api } = await setup(() => 503);
    await pay(srv, api, `${merchant.url}/cb?delay_callback=1`);
    // pretend 19 attempts were already made, so the next one is the 20th
    await srv.kassa.ctx.database.db
      .updateTable('outbox')
      .set({ attempts: MAX_CALLBACK_ATTEMPTS - 1 })
      .execute();
    await merchant.waitFor((r) => r.length >= 1);
    await expect
      .poll(async () => (await outboxRows(srv))[0])
      .toMatchObject({ status: 'FAILED', attempts: 20, last_status_code: 503 });
    await sleep(300);
    expect(merchant.received).toHaveLength(1);
  });

  it('the retry rules: 2xx delivers; 5xx, 100, 101, timeouts and connection failures retry; other statuses are final; backoff doubles with jitter', () => {
    expect([200, 204, 299].map(classifyAttempt)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect([500, 503, 599, 100, 101, null].map(classifyAttempt)).toEqual(Array(6).fill('RETRY'));
    expect([102, 301, 302, 400, 404, 410, 429].map(classifyAttempt)).toEqual(Array(7).fill('FAILED'));
    expect(MAX_CALLBACK_ATTEMPTS).toBe(20);
    for (let n = 1; n <= 10; n++) {
      const base = 1000 * 2 ** (n - 1);
      expect(retryDelayMs(n, 1000, () => 0)).toBe(base * 0.75);
      expect(retryDelayMs(n, 1000, () => 1)).toBe(base * 1.25);
    }
    expect(retryDelayMs(30, 1000, () => 0.5)).toBe(3_600_000);
  });
});
