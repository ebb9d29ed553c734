import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, sessionBody, card as cardOf, payBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { srv, api, other, customer, merchant } = useKassa({ other: true, merchant: true });

const db = () => srv.kassa.ctx.database.db;
const CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
const card = (number: string) => payBody(cardOf(number));
const reference = () => `ref-${Math.random().toString(36).slice(2, 10)}`;
const countSessions = async () => (await db().selectFrom('sessions').select('id').execute()).length;
const countTransactions = async () => (await db().selectFrom('transactions').select('id').execute()).length;

const tokenSessionBody = (tokenTypes: string[] = ['payment_token'], session: Record<string, unknown> = {}) => ({
  session: {
    url: { return_url: 'https://shop.example/card-saved' },
    order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
    ...session,
  },
  token_provider: { payment_product_type: 'sandbox.creditcard', token_types: tokenTypes },
});

/** The customer saves `number` on a payment-token session; returns the ids and the tokens as the merchant reads them. */
const saveCard = async (
  number: string = CARDS.approve,
  tokenTypes: string[] = ['payment_token'],
  session: Record<string, unknown> = {},
) => {
  const created = await api.post('/v1/sessions/payment-token', tokenSessionBody(tokenTypes, session));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, card(number));
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.success).toBe(true);
  const transactionId = paid.body.transaction_id as string;
  const withTokens = await api.get(
    `/v1/transactions/${transactionId}?includes=card.payment_token&includes=card.recurrence_token`,
  );
  return {
    sessionId: created.body.id as string,
    transactionId,
    payResponse: paid.body,
    paymentToken: withTokens.body.card.payment_token as string,
    recurrenceToken: withTokens.body.card.recurrence_token as string | undefined,
  };
};

const merchantPay = (
  paymentToken: string | undefined,
  opts: {
    order?: Record<string, unknown>;
    operation?: string;
    headers?: Record<string, string>;
    session?: Record<string, unknown>;
    client?: ApiClient;
  } = {},
) =>
  (opts.client ?? api).post(
    '/v1/sessions/pay',
    {
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: reference(), ...opts.order },
        customer: {
          customer_id: 'c-1',
          ...(paymentToken !== undefined ? { tokens: { 'sandbox.creditcard': { payment_token: paymentToken } } } : {}),
        },
        ...(opts.operation ? { payment_operation: opts.operation } : {}),
        ...opts.session,
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    },
    opts.headers,
  );

const authorizeEvents = (tx: { events: { event: string }[] }) =>
  tx.events.filter((e) => e.event === 'AUTHORIZE') as {
    event: string;
    success: boolean;
    error?: { code: string; message: string };
  }[];

describe('POST /v1/sessions/payment-token', () => {
  it('creates a session with an order amount of 0 whose url is the hosted checkout, and the page knows it saves a card', async () => {
    const body = tokenSessionBody(['payment_token', 'recurrence_token']);
    const created = await api.post('/v1/sessions/payment-token', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(['id', 'url']);
    expect(created.body.url).toBe(`${srv.baseUrl}/v1/view/${created.body.id}`);
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.order).toEqual(body.session.order);
    const view = await customer.get(`/v1/view/${created.body.id}/session`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.token_provider).toEqual(body.token_provider);
    expect(view.body.order.amount).toBe(0);
  });

  it('paying it saves the card without charging: a transaction of amount 0 whose payment token is readable only with includes=card.payment_token', async () => {
    const saved = await saveCard(CARDS.approve, ['payment_token']);
    expect(saved.paymentToken).toMatch(/^sbx_pt_/);
    expect(saved.recurrenceToken).toBeUndefined(); // not asked for, so not made

    const plain = await api.get(`/v1/transactions/${saved.transactionId}`);
    expect(plain.body).toMatchObject({
      status: 'AUTHORIZED',
      amount: 0,
      session_id: saved.sessionId,
      card: { brand: 'Visa', masked_pan: '************1111' },
    });
    expect(plain.body.card).not.toHaveProperty('payment_token');
    expect(plain.body.events.map((e: { event: string; amount: number }) => [e.event, e.amount])).toEqual([
      ['INITIALIZE', 0],
      ['AUTHORIZE', 0],
    ]);

    const withToken = await api.get(`/v1/transactions/${saved.transactionId}?includes=card.payment_token`);
    expect(withToken.body.card).toEqual({ ...plain.body.card, payment_token: saved.paymentToken });
    // asking for the other token only does not show the payment token
    expect((await api.get(`/v1/transactions/${saved.transactionId}?includes=card.recurrence_token`)).body.card).toEqual(
      plain.body.card,
    );

    const session = await api.get(`/v1/sessions/${saved.sessionId}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ transaction_id: saved.transactionId, order: { amount: 0 } });
    const withHeaders = await api.get(
      `/v1/sessions/${saved.sessionId}?includes=events.request_headers&includes=initiating_system_request_headers`,
    );
    const list = await api.get(`/v1/sessions?transaction_id=${saved.transactionId}&includes=events.latest`);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([saved.sessionId]);
    const view = await customer.get(`/v1/view/${saved.sessionId}/session`);
    expect(view.body.error.cause).toBe('AUTHORIZED');
    for (const [where, res] of [
      ['the session', session],
      ['the session with every include', withHeaders],
      ['the session list', list],
      ['the view', view],
    ] as const) {
      expect(res.status, where).toBeLessThan(500);
      expect(JSON.stringify(res.body), where).not.toContain(saved.paymentToken);
    }
    expect(JSON.stringify(saved.payResponse)).not.toContain(saved.paymentToken);
    expect(JSON.stringify(plain.body)).not.toContain(saved.paymentToken);
    // nothing was charged: there is nothing to capture
    expect((await api.post(`/v1/transactions/${saved.transactionId}/capture`, { amount: 1 })).status).toBe(400);
  });

  it('asked for both token types, the transaction also carries a recurrence token, returned only with includes=card.recurrence_token', async () => {
    const saved = await saveCard(CARDS.approve, ['payment_token', 'recurrence_token']);
    expect(saved.recurrenceToken).toMatch(/^sbx_rt_/);
    expect(saved.recurrenceToken).not.toBe(saved.paymentToken);
    const onlyPayment = await api.get(`/v1/transactions/${saved.transactionId}?includes=card.payment_token`);
    expect(onlyPayment.body.card.payment_token).toBe(saved.paymentToken);
    expect(onlyPayment.body.card).not.toHaveProperty('recurrence_token');
    const both = await api.get(
      `/v1/transactions/${saved.transactionId}?includes=card.payment_token,card.recurrence_token`,
    );
    expect(both.body.card).toMatchObject({
      payment_token: saved.paymentToken,
      recurrence_token: saved.recurrenceToken,
    });
    const plain = await api.get(`/v1/transactions/${saved.transactionId}`);
    expect(JSON.stringify(plain.body)).not.toContain(saved.recurrenceToken);
    expect(JSON.stringify(saved.payResponse)).not.toContain(saved.recurrenceToken);
    expect(JSON.stringify((await api.get(`/v1/sessions/${saved.sessionId}`)).body)).not.toContain(
      saved.recurrenceToken,
    );
  });

  it('another account cannot read the tokens: its GET of the transaction is 404', async () => {
    const saved = await saveCard();
    const res = await other.get(`/v1/transactions/${saved.transactionId}?includes=card.payment_token`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(saved.paymentToken);
  });

  it('the merchant callback, even one that gets the transaction in its body, carries no token', async () => {
    const callback = `${merchant.url}/saved?method=POST&includes=session`;
    const before = merchant.received.length;
    const saved = await saveCard(CARDS.approve, ['payment_token', 'recurrence_token'], {
      url: { return_url: 'https://shop.example/r', callback_url: callback },
    });
    const received = await merchant.waitFor(before + 1);
    const cb = received.find((r) => r.url.includes(saved.transactionId))!;
    expect(cb).toBeDefined();
    expect(cb.method).toBe('POST');
    expect(JSON.parse(cb.body)).toMatchObject({ id: saved.transactionId, amount: 0 });
    expect(cb.body + cb.url + JSON.stringify(cb.headers)).not.toContain(saved.paymentToken);
    expect(cb.body + cb.url + JSON.stringify(cb.headers)).not.toContain(saved.recurrenceToken);
  });

  it('no card number is stored anywhere, for approved, declining and insufficient-funds cards alike', async () => {
    for (const number of Object.values(CARDS)) await saveCard(number, ['payment_token', 'recurrence_token']);
    const tables = [
      'accounts',
      'sessions',
      'session_events',
      'transactions',
      'transaction_events',
      'outbox',
      'callback_attempts',
      'idempotency_keys',
      'sandbox_vault',
    ] as const;
    const dump = JSON.stringify(await Promise.all(tables.map((t) => db().selectFrom(t).selectAll().execute())));
    expect(dump).toContain('************0002'); // the dump is not empty: the masked numbers are there
    for (const number of Object.values(CARDS)) {
      expect(dump).not.toContain(number);
      expect(dump).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(dump).not.toContain(number.slice(0, 12)); // not even the first 12 digits
    }
    expect(dump).not.toContain('"cvc"');
  });

  it('bad input is 400 INVALID_REQUEST and stores no session', async () => {
    const before = await countSessions();
    const cases: unknown[] = [
      { session: tokenSessionBody().session },
      { token_provider: tokenSessionBody().token_provider },
      tokenSessionBody(['recurrence_token']),
      tokenSessionBody([]),
      tokenSessionBody(['payment_token', 'something_else']),
      {
        ...tokenSessionBody(),
        token_provider: { payment_product_type: 'sandbox.invoice', token_types: ['payment_token'] },
      },
      tokenSessionBody(['payment_token'], { order: { amount: -1, currency: 'NOK', merchant_reference: 'x' } }),
      tokenSessionBody(['payment_token'], { url: {} }),
      { ...tokenSessionBody(), surprise: true },
    ];
    for (const body of cases) {
      const res = await api.post('/v1/sessions/payment-token', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
    }
    expect(await countSessions()).toBe(before);
  });
});

describe('POST /v1/sessions/pay (merchant-initiated)', () => {
  let approveToken: string;
  let declineToken: string;
  let insufficientToken: string;
  beforeAll(async () => {
    approveToken = (await saveCard(CARDS.approve)).paymentToken;
    declineToken = (await saveCard(CARDS.decline)).paymentToken;
    insufficientToken = (await saveCard(CARDS.insufficientFunds)).paymentToken;
  });

  for (const operation of ['unscheduled_purchase', 'recurring_purchase']) {
    it(`a payment token pays a ${operation}: 200 with the AUTHORIZED transaction, session_id and success true`, async () => {
      const ref = reference();
      const res = await merchantPay(approveToken, { operation, order: { merchant_reference: ref } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        status: 'AUTHORIZED',
        amount: 2500,
        currency: 'NOK',
        merchant_reference: ref,
        payment_operation: operation,
        success: true,
        session_id: expect.stringMatching(/^T10000001\./),
        card: { brand: 'Visa', masked_pan: '************1111' },
      });
      expect(authorizeEvents(res.body)).toEqual([expect.objectContaining({ success: true, amount: 2500 })]);
      // the token the merchant sent is not echoed: not in the result, the transaction or the session
      expect(JSON.stringify(res.body)).not.toContain(approveToken);
      expect(res.body.customer).toEqual({ customer_id: 'c-1' });

      const session = await api.get(`/v1/sessions/${res.body.session_id}`);
      expect(session.body).toMatchObject({
        transaction_id: res.body.id,
        payment_operation: operation,
        order: { merchant_reference: ref },
        customer: { customer_id: 'c-1' },
      });
      expect(JSON.stringify(session.body)).not.toContain(approveToken);
      const tx = await api.get(`/v1/transactions/${res.body.id}`);
      expect(tx.body).toMatchObject({ status: 'AUTHORIZED', session_id: res.body.session_id });
      expect(JSON.stringify(tx.body)).not.toContain(approveToken);
      // the money is really reserved: it can be captured
      expect((await api.post(`/v1/transactions/${res.body.id}/capture`, { amount: 2500 })).body.status).toBe(
        'CAPTURED',
      );
    });
  }

  it('without payment_operation it is an unscheduled purchase', async () => {
    const res = await merchantPay(approveToken);
    expect(res.status).toBe(200);
    expect(res.body.payment_operation).toBe('unscheduled_purchase');
  });

  it('a recurrence token pays a recurring purchase too', async () => {
    const saved = await saveCard(CARDS.approve, ['payment_token', 'recurrence_token']);
    const res = await api.post('/v1/sessions/pay', {
      session: {
        order: { amount: 900, currency: 'NOK', merchant_reference: reference() },
        customer: { tokens: { 'sandbox.creditcard': { recurrence_token: saved.recurrenceToken } } },
        payment_operation: 'recurring_purchase',
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', success: true, amount: 900 });
  });

  it('a token of the decline card is 200 with status FAILED, an AUTHORIZE event with error.code DO_NOT_RETRY, and success false', async () => {
    const res = await merchantPay(declineToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILED', success: false, session_id: expect.any(String) });
    expect(authorizeEvents(res.body)).toEqual([
      expect.objectContaining({
        success: false,
        error: {
          code: 'DO_NOT_RETRY',
          message: expect.any(String),
          error_code: 'DO_NOT_RETRY',
          type: ['DECLINED'],
          retry_policy: { retry_codes: ['DO_NOT_RETRY'] },
        },
      }),
    ]);
    const tx = await api.get(`/v1/transactions/${res.body.id}`);
    expect(tx.body.status).toBe('FAILED');
    expect(authorizeEvents(tx.body)[0]!.error!.code).toBe('DO_NOT_RETRY');
    expect((await api.post(`/v1/transactions/${res.body.id}/capture`, { amount: 1 })).status).toBe(400); // no money moves
    const session = await api.get(`/v1/sessions/${res.body.session_id}`);
    expect(session.body).not.toHaveProperty('transaction_id'); // the session was not paid
  });

  it('a token of the insufficient-funds card fails with a retryable code, not DO_NOT_RETRY', async () => {
    const res = await merchantPay(insufficientToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILED', success: false });
    const [authorize] = authorizeEvents(res.body);
    expect(authorize!.success).toBe(false);
    expect(authorize!.error!.code).toEqual(expect.any(String));
    expect(authorize!.error!.code).not.toBe('DO_NOT_RETRY');
    expect(res.body.actions[0].code).not.toBe('DO_NOT_RETRY');
    // and retrying it later is allowed: it is simply tried again
    const again = await merchantPay(insufficientToken);
    expect(again.body.status).toBe('FAILED');
  });

  it("an unknown token, or another account's token, fails with DO_NOT_RETRY", async () => {
    for (const [token, client] of [
      ['sbx_pt_doesnotexist0000000000000', api],
      [approveToken, other],
    ] as const) {
      const res = await merchantPay(token, { client });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'FAILED', success: false });
      expect(authorizeEvents(res.body)[0]!.error!.code).toBe('DO_NOT_RETRY');
      // no card is known for it: the transaction shows none, not an invented one
      const tx = await client.get(`/v1/transactions/${res.body.id}`);
      expect(tx.status).toBe(200);
      expect(tx.body.card).toBeUndefined();
    }
  });

  it('a 400 carries session_id where a session exists; the document says when none does (issue 37 item 17)', async () => {
    const [sessions, transactions] = [await countSessions(), await countTransactions()];
    const body = {
      session: { order: { amount: 100, currency: 'NOK', merchant_reference: reference() } },
      payment: { payment_product_type: 'sandbox.creditcard' },
    };
    const key = { 'idempotency-key': `pay-400-${reference()}` };
    const first = await api.post('/v1/sessions/pay', body, key);
    const replayed = await api.post('/v1/sessions/pay', body, key);
    for (const res of [first, replayed]) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      // refused before any session was made: the pay result without a session_id, and nothing stored
      expect(res.body).toMatchObject({ success: false, error: { code: 'PAYMENT_TOKEN_REQUIRED' } });
      expect(res.body).not.toHaveProperty('session_id');
    }
    expect(replayed.body).toEqual(first.body);
    expect(await countSessions()).toBe(sessions);
    expect(await countTransactions()).toBe(transactions);
    // a declined pay made its session: the answer names it
    const declined = await merchantPay((await saveCard(CARDS.decline)).paymentToken);
    expect(declined.body).toMatchObject({ success: false, session_id: expect.stringMatching(/^T10000001\./) });

    const doc = (await api.get('/v1/openapi.json')).body;
    const bad = doc.paths['/v1/sessions/pay'].post.responses['400'];
    expect(bad.description).toMatch(/no session/i);
    const schema = JSON.stringify(bad.content['application/json'].schema);
    expect(schema).toMatch(/session_id[^}]*Absent when the request was refused before a session was made/);
  });

  it('without a token it is 400 PAYMENT_TOKEN_REQUIRED and stores no session or transaction', async () => {
    const [sessions, transactions] = [await countSessions(), await countTransactions()];
    for (const res of [
      await merchantPay(undefined),
      await api.post('/v1/sessions/pay', {
        session: { order: { amount: 100, currency: 'NOK', merchant_reference: reference() } },
        payment: { payment_product_type: 'sandbox.creditcard' },
      }),
      await api.post('/v1/sessions/pay', {
        session: {
          order: { amount: 100, currency: 'NOK', merchant_reference: reference() },
          customer: { tokens: { 'sandbox.creditcard': {} } },
        },
        payment: { payment_product_type: 'sandbox.creditcard' },
      }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'PAYMENT_TOKEN_REQUIRED', message: expect.any(String) });
    }
    expect(await countSessions()).toBe(sessions);
    expect(await countTransactions()).toBe(transactions);
  });

  it('an invoice purchase with items is AUTHORIZED; without items it is 400 ITEMS_REQUIRED and stores nothing', async () => {
    const invoice = (order: Record<string, unknown>) =>
      api.post('/v1/sessions/pay', {
        session: {
          order: { amount: 10000, currency: 'NOK', merchant_reference: reference(), ...order },
          customer: { first_name: 'Kari', last_name: 'Nordmann' },
          payment_operation: 'invoice_purchase',
        },
        payment: { payment_product_type: 'sandbox.invoice' },
      });
    const items = sessionBody().order.items;
    const ok = await invoice({ items });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'AUTHORIZED',
      success: true,
      payment_product_type: 'sandbox.invoice',
      payment_operation: 'invoice_purchase',
      amount: 10000,
      items,
    });

    const [sessions, transactions] = [await countSessions(), await countTransactions()];
    for (const order of [{}, { items: [] }]) {
      const res = await invoice(order);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('ITEMS_REQUIRED');
    }
    expect(await countSessions()).toBe(sessions);
    expect(await countTransactions()).toBe(transactions);
  });

  it('bad bodies are 400 INVALID_REQUEST and store nothing', async () => {
    const [sessions, transactions] = [await countSessions(), await countTransactions()];
    const good = {
      session: {
        order: { amount: 100, currency: 'NOK', merchant_reference: reference() },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: approveToken } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    };
    const cases: unknown[] = [
      { session: good.session },
      { payment: good.payment },
      { ...good, payment: { payment_product_type: 'sandbox.vipps' } },
      { ...good, session: { ...good.session, payment_operation: 'something' } },
      { ...good, session: { ...good.session, order: { ...good.session.order, amount: 0 } } },
      { ...good, surprise: 1 },
    ];
    for (const body of cases) {
      const res = await api.post('/v1/sessions/pay', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(await countSessions()).toBe(sessions);
    expect(await countTransactions()).toBe(transactions);
  });

  describe('feature toggles on merchant references', () => {
    it('strict-merchant-reference: a second pay with the same order.merchant_reference is 400 DUPLICATE_MERCHANT_REFERENCE and stores nothing', async () => {
      const ref = reference();
      const toggles = { 'Kassa-Feature-Toggles': 'strict-merchant-reference' };
      // without the toggle, duplicates are allowed
      expect((await merchantPay(approveToken, { order: { merchant_reference: ref } })).status).toBe(200);
      expect((await merchantPay(approveToken, { order: { merchant_reference: ref } })).status).toBe(200);
      const ref2 = reference();
      expect(
        (await merchantPay(declineToken, { order: { merchant_reference: ref2 }, headers: toggles })).body.status,
      ).toBe('FAILED');
      const [sessions, transactions] = [await countSessions(), await countTransactions()];
      for (const token of [approveToken, declineToken]) {
        const res = await merchantPay(token, { order: { merchant_reference: ref2 }, headers: toggles });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'DUPLICATE_MERCHANT_REFERENCE', message: expect.any(String) });
      }
      // a reference used by an ordinary session counts too
      const ordinary = sessionBody();
      await api.post('/v1/sessions', ordinary);
      expect(
        (
          await merchantPay(approveToken, {
            order: { merchant_reference: ordinary.order.merchant_reference },
            headers: toggles,
          })
        ).body.error.code,
      ).toBe('DUPLICATE_MERCHANT_REFERENCE');
      expect(await countSessions()).toBe(sessions + 1);
      expect(await countTransactions()).toBe(transactions);
    });

    it('strict-success-merchant-reference: a FAILED earlier pay does not block the reference, a successful one does', async () => {
      const ref = reference();
      const toggles = { 'Kassa-Feature-Toggles': 'strict-success-merchant-reference' };
      expect(
        (await merchantPay(declineToken, { order: { merchant_reference: ref }, headers: toggles })).body.status,
      ).toBe('FAILED');
      const second = await merchantPay(approveToken, { order: { merchant_reference: ref }, headers: toggles });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.status).toBe('AUTHORIZED');
      const [sessions, transactions] = [await countSessions(), await countTransactions()];
      const third = await merchantPay(approveToken, { order: { merchant_reference: ref }, headers: toggles });
      expect(third.status).toBe(400);
      expect(third.body.error.code).toBe('DUPLICATE_MERCHANT_REFERENCE');
      expect(await countSessions()).toBe(sessions);
      expect(await countTransactions()).toBe(transactions);
    });

    it('strict-success-merchant-reference: while a payment of the reference is in progress, another is 409 SESSION_PAYMENT_IN_PROGRESS and stores nothing; once it has failed, one may pay', async () => {
      const ordinary = sessionBody();
      const created = await api.post('/v1/sessions', ordinary);
      const ref = ordinary.order.merchant_reference;
      const toggles = { 'Kassa-Feature-Toggles': 'strict-success-merchant-reference' };
      await db().updateTable('sessions').set({ status: 'PAYING' }).where('id', '=', created.body.id).execute(); // the customer is paying it right now
      const [sessions, transactions] = [await countSessions(), await countTransactions()];
      const res = await merchantPay(approveToken, { order: { merchant_reference: ref }, headers: toggles });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'SESSION_PAYMENT_IN_PROGRESS', message: expect.any(String) });
      expect(await countSessions()).toBe(sessions);
      expect(await countTransactions()).toBe(transactions);
      await db().updateTable('sessions').set({ status: 'OPEN' }).where('id', '=', created.body.id).execute(); // ...and it was declined
      expect(
        (await merchantPay(approveToken, { order: { merchant_reference: ref }, headers: toggles })).body.status,
      ).toBe('AUTHORIZED');
    });

    it('the Dintero-Feature-Toggles spelling works as an alias, also among other toggles', async () => {
      for (const header of ['strict-merchant-reference', 'strict-session-amounts, strict-merchant-reference']) {
        const ref = reference();
        const order = { merchant_reference: ref, amount: 2500, items: [{ line_id: '1', amount: 2500 }] };
        expect((await merchantPay(approveToken, { order })).status).toBe(200);
        const dup = await merchantPay(approveToken, { order, headers: { 'Dintero-Feature-Toggles': header } });
        expect(dup.status, header).toBe(400);
        expect(dup.body.error.code).toBe('DUPLICATE_MERCHANT_REFERENCE');
      }
      const ref = reference();
      await merchantPay(approveToken, { order: { merchant_reference: ref } });
      const dup = await merchantPay(approveToken, {
        order: { merchant_reference: ref },
        headers: { 'Dintero-Feature-Toggles': 'strict-success-merchant-reference' },
      });
      expect(dup.body.error.code).toBe('DUPLICATE_MERCHANT_REFERENCE');
    });

    it('references are per account: another account may use the same one under the strict toggle', async () => {
      const ref = reference();
      await merchantPay(approveToken, { order: { merchant_reference: ref } });
      const res = await merchantPay('sbx_pt_unknown', {
        order: { merchant_reference: ref },
        headers: { 'Kassa-Feature-Toggles': 'strict-merchant-reference' },
        client: other,
      });
      expect(res.status).toBe(200);
    });

    for (const toggle of ['strict-merchant-reference', 'strict-success-merchant-reference']) {
      it(`concurrent ${toggle} pays with the same reference: exactly one succeeds`, async () => {
        const ref = reference();
        const results = await Promise.all(
          Array.from({ length: 6 }, () =>
            merchantPay(approveToken, {
              order: { merchant_reference: ref },
              headers: { 'Kassa-Feature-Toggles': toggle },
            }),
          ),
        );
        const ok = results.filter((r) => r.status === 200);
        expect(ok).toHaveLength(1);
        expect(ok[0]!.body).toMatchObject({ status: 'AUTHORIZED', success: true });
        for (const r of results.filter((x) => x.status !== 200)) {
          // a duplicate, or (strict-success only) a payment of the reference still in progress: retry later
          const allowed =
            toggle === 'strict-merchant-reference'
              ? [[400, 'DUPLICATE_MERCHANT_REFERENCE']]
              : [
                  [400, 'DUPLICATE_MERCHANT_REFERENCE'],
                  [409, 'SESSION_PAYMENT_IN_PROGRESS'],
                ];
          expect(allowed, JSON.stringify(r.body)).toContainEqual([r.status, r.body.error.code]);
        }
        const stored = await db().selectFrom('sessions').select('id').where('merchant_reference', '=', ref).execute();
        expect(stored).toEqual([{ id: ok[0]!.body.session_id }]);
      });
    }
  });
});
