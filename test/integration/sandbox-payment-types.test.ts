import { describe, expect, it } from 'vitest';
import { card, payBody, sessionBody } from '../support/api-client';
import { createSession, otherId, useKassa } from '../support/fixtures';

const { srv, api, customer } = useKassa();
const db = () => srv.kassa.ctx.database.db;

const CHALLENGE_CARD = card('4000 0000 0000 3220');
const CHALLENGE_THEN_DECLINE = card('4000 0000 0000 3063');
const ALL = {
  sandbox: {
    wallet: { enabled: true },
    creditcard: { enabled: true },
    installment: { enabled: true },
    invoice: { enabled: true },
  },
};
const CONTACT = { email: 'kari@example.com', phone_number: '+4741234567', country: 'NO' };

const sessionWith = async (configuration: Record<string, unknown> = ALL, extra: Record<string, unknown> = {}) =>
  (await createSession(api, { configuration, ...extra })).id;
const pay = (id: string, payment: Record<string, unknown>) => customer.post(`/v1/sessions/${id}/pay`, { payment });
const operations = (id: string, type: string, query = '') =>
  customer.post(`/v1/view/${id}/payments/${type}${query ? `?${query}` : ''}`);
/** The sandbox page's form POST (what the customer's Complete/Fail/Approve/Reject button sends). */
const decide = (id: string, kind: string, tx: string, decision: string, back?: string) =>
  customer.request(
    'POST',
    `/v1/view/${id}/sandbox/${kind}/${tx}`,
    new URLSearchParams({ decision, ...(back ? { back } : {}) }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
const transaction = async (tx: string) =>
  db().selectFrom('transactions').selectAll().where('id', '=', tx).executeTakeFirstOrThrow();
const outbox = async (sessionId: string) =>
  db().selectFrom('outbox').selectAll().where('session_id', '=', sessionId).execute();
const location = (res: { headers: Headers }) => new URL(res.headers.get('location')!, 'http://x.invalid');

describe('payment types offered', () => {
  it("lists the enabled sandbox types in the merchant's key order, and limits them by Viewer-Country", async () => {
    const id = await sessionWith({
      sandbox: {
        wallet: { enabled: true },
        creditcard: { enabled: true },
        invoice: { enabled: true, countries: ['NO', 'SE'] },
      },
    });
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(
      view.body.configuration.payment_methods.map((m: { payment_product_type: string }) => m.payment_product_type),
    ).toEqual(['sandbox.wallet', 'sandbox.creditcard', 'sandbox.invoice']);
    const fromDenmark = await customer.get(`/v1/view/${id}/session`, { 'viewer-country': 'dk' });
    expect(
      fromDenmark.body.configuration.payment_methods.map(
        (m: { payment_product_type: string }) => m.payment_product_type,
      ),
    ).toEqual(['sandbox.wallet', 'sandbox.creditcard']);
    const bad = await customer.get(`/v1/view/${id}/session`, { 'viewer-country': 'Norway' });
    expect(bad.status).toBe(400);
  });

  it('a configuration.sandbox key is a payment type only when it names one (`constructor`, `toString`, `__proto__` name none)', async () => {
    const none = await api.post('/v1/sessions', {
      ...sessionBody(),
      configuration: { sandbox: { constructor: { enabled: true }, toString: { enabled: true } } },
    });
    expect([none.status, none.body.error?.code], JSON.stringify(none.body)).toEqual([
      400,
      'PAYMENT_PRODUCT_NOT_ENABLED',
    ]);
    const id = await sessionWith({
      sandbox: { hasOwnProperty: { enabled: true }, creditcard: { enabled: true }, valueOf: { enabled: true } },
    });
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.body.configuration.payment_methods).toEqual([
      { payment_product_type: 'sandbox.creditcard', name: 'Card' },
    ]);
  });

  it('gives the kind of each listed type beside the list (payment_method_kinds, by payment_product_type), for the types the list keeps', async () => {
    const id = await sessionWith({
      sandbox: {
        wallet: { enabled: true },
        creditcard: { enabled: true },
        installment: { enabled: true },
        invoice: { enabled: true, countries: ['NO', 'SE'] },
      },
    });
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.body.configuration.payment_method_kinds).toEqual({
      'sandbox.wallet': 'wallet',
      'sandbox.creditcard': 'card',
      'sandbox.installment': 'installment',
      'sandbox.invoice': 'invoice',
    });
    const fromDenmark = await customer.get(`/v1/view/${id}/session`, { 'viewer-country': 'dk' });
    expect(fromDenmark.body.configuration.payment_method_kinds).toEqual({
      'sandbox.wallet': 'wallet',
      'sandbox.creditcard': 'card',
      'sandbox.installment': 'installment',
    });
    const openapi = await customer.get('/v1/openapi.json');
    const ref: string =
      openapi.body.paths['/v1/view/{session_id}/session'].get.responses['200'].content['application/json'].schema.$ref;
    const viewSession = openapi.body.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(viewSession.properties.configuration.required).toContain('payment_method_kinds');
    expect(viewSession.properties.configuration.properties.payment_method_kinds).toMatchObject({
      type: 'object',
      description: expect.stringContaining('payment_product_type'),
      additionalProperties: { type: 'string', enum: ['card', 'invoice', 'installment', 'wallet', 'redirect'] },
    });
  });

  it('keeps every type when the country filter would leave none', async () => {
    const id = await sessionWith({ sandbox: { invoice: { enabled: true, countries: ['SE'] } } });
    const view = await customer.get(`/v1/view/${id}/session`, { 'viewer-country': 'NO' });
    expect(view.body.configuration.payment_methods).toHaveLength(1);
  });
});

describe('card with 3-D Secure', () => {
  it('answers with the challenge page, keeps the session viewable, and Complete authorizes with the callback queued', async () => {
    const id = await sessionWith(
      { sandbox: { creditcard: { enabled: true } } },
      { url: { return_url: 'https://merchant.example/return', callback_url: 'https://merchant.example/cb' } },
    );
    const res = await pay(id, { payment_product_type: 'sandbox.creditcard', card: CHALLENGE_CARD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, actions: [{ code: '3DS_CHALLENGE' }] });
    expect(res.body.redirect_url).toBe(`${srv.baseUrl}/sandbox/3ds/${res.body.transaction_id}`);
    const tx = res.body.transaction_id as string;
    expect((await transaction(tx)).status).toBe('INITIATED');
    expect((await customer.get(`/v1/view/${id}/session`)).status).toBe(200); // the customer may come back
    expect(await outbox(id)).toHaveLength(0);

    const done = await decide(id, '3ds', tx, 'complete', `/?sid=${id}&language=nb&ui=inline`);
    expect(done.status).toBe(302);
    const back = location(done);
    expect(back.pathname).toBe('/');
    expect(Object.fromEntries(back.searchParams)).toEqual({ sid: id, language: 'nb', ui: 'inline', payment: tx });
    expect((await transaction(tx)).status).toBe('AUTHORIZED');
    expect((await customer.get(`/v1/view/${id}/session`)).body.error.cause).toBe('AUTHORIZED');
    expect((await outbox(id)).length).toBe(1);
  });

  it('Fail declines the attempt (authentication_failed), the session can be paid again, and a second answer changes nothing', async () => {
    const id = await sessionWith({ sandbox: { creditcard: { enabled: true } } });
    const tx = (await pay(id, { payment_product_type: 'sandbox.creditcard', card: CHALLENGE_CARD })).body
      .transaction_id as string;
    const failed = await decide(id, '3ds', tx, 'fail');
    expect(Object.fromEntries(location(failed).searchParams)).toEqual({
      sid: id,
      payment: tx,
      payment_error: 'authentication_failed',
    });
    expect((await transaction(tx)).status).toBe('DECLINED');
    const again = await decide(id, '3ds', tx, 'complete'); // answered what was recorded: the same way back as the first
    expect(location(again).searchParams.get('payment_error')).toBe('authentication_failed');
    expect((await transaction(tx)).status).toBe('DECLINED');
    const paid = await pay(id, payBody().payment);
    expect(paid.body.success).toBe(true);
  });

  it('a card the issuer declines after the challenge is declined', async () => {
    const id = await sessionWith({ sandbox: { creditcard: { enabled: true } } });
    const tx = (await pay(id, { payment_product_type: 'sandbox.creditcard', card: CHALLENGE_THEN_DECLINE })).body
      .transaction_id as string;
    expect(location(await decide(id, '3ds', tx, 'complete')).searchParams.get('payment_error')).toBe('card_declined');
  });

  it('refuses a second payment while the challenge waits, and force_new drops the waiting attempt', async () => {
    const id = await sessionWith({ sandbox: { creditcard: { enabled: true } } });
    const tx = (await pay(id, { payment_product_type: 'sandbox.creditcard', card: CHALLENGE_CARD })).body
      .transaction_id as string;
    const second = await pay(id, payBody().payment);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('SESSION_PAYMENT_IN_PROGRESS');
    expect(await db().selectFrom('transactions').select('id').where('session_id', '=', id).execute()).toHaveLength(1);
    expect((await operations(id, 'sandbox.creditcard', 'force_new=true')).status).toBe(200);
    expect((await transaction(tx)).status).toBe('FAILED');
    expect((await pay(id, payBody().payment)).body.success).toBe(true);
    // the dropped challenge can no longer be completed
    await decide(id, '3ds', tx, 'complete');
    expect((await transaction(tx)).status).toBe('FAILED');
  });

  it('sends the customer back only to this session\u2019s checkout page (no open redirect), and refuses answers that do not fit', async () => {
    const id = await sessionWith({ sandbox: { creditcard: { enabled: true } } });
    const tx = (await pay(id, { payment_product_type: 'sandbox.creditcard', card: CHALLENGE_CARD })).body
      .transaction_id as string;
    expect((await decide(id, '3ds', tx, 'approve')).status).toBe(400);
    expect((await decide(otherId(id), '3ds', tx, 'complete')).status).toBe(404);
    expect((await transaction(tx)).status).toBe('INITIATED');
    const evil = await decide(id, '3ds', tx, 'complete', 'https://evil.example/?sid=' + id);
    expect(evil.headers.get('location')).toBe(`/?sid=${encodeURIComponent(id)}&payment=${encodeURIComponent(tx)}`);
  });
});

describe('wallet', () => {
  it('redirects to the wallet page; Reject declines (wallet_rejected), Approve on a new attempt authorizes', async () => {
    const id = await sessionWith({ sandbox: { wallet: { enabled: true } } });
    const first = await pay(id, { payment_product_type: 'sandbox.wallet' });
    expect(first.body).toMatchObject({ success: true, actions: [{ code: 'WALLET_REDIRECT' }] });
    expect(first.body.redirect_url).toBe(`${srv.baseUrl}/sandbox/wallet/${first.body.transaction_id}`);
    expect(
      location(await decide(id, 'wallet', first.body.transaction_id, 'reject')).searchParams.get('payment_error'),
    ).toBe('wallet_rejected');
    const second = await pay(id, { payment_product_type: 'sandbox.wallet' });
    await decide(id, 'wallet', second.body.transaction_id, 'approve');
    const tx = await transaction(second.body.transaction_id);
    expect(tx).toMatchObject({ status: 'AUTHORIZED', payment_product_type: 'sandbox.wallet' });
  });
});

describe('invoice and part payment', () => {
  it('checks the details the lender needs: country required, organization number fitting the country', async () => {
    const id = await sessionWith();
    const noCountry = await operations(id, 'sandbox.invoice', 'email=kari%40example.com');
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.error.errors).toEqual([expect.objectContaining({ path: 'country' })]);
    const badOrg = await operations(id, 'sandbox.invoice', 'country=NO&organization_number=1234567890');
    expect(badOrg.body.error.errors).toEqual([expect.objectContaining({ path: 'organization_number' })]);
    expect((await operations(id, 'sandbox.invoice', 'country=NO&organization_number=923609016')).status).toBe(200);
    expect((await operations(id, 'sandbox.invoice', 'country=NO&phone_number=abc')).status).toBe(400);
  });

  it('pays by invoice with the details kept on the transaction; a phone ending in 0000 fails the credit check', async () => {
    const id = await sessionWith();
    const refused = await pay(id, { payment_product_type: 'sandbox.invoice', ...CONTACT, phone_number: '+4741230000' });
    expect(refused.body).toMatchObject({
      success: false,
      error_details: [{ code: 'credit_check_failed', category: 'permanent' }],
    });
    const wrongOrg = await pay(id, {
      payment_product_type: 'sandbox.invoice',
      ...CONTACT,
      organization_number: '5560360793',
    });
    expect(wrongOrg.status).toBe(400);
    expect(wrongOrg.body.error.errors).toEqual([expect.objectContaining({ path: 'payment.organization_number' })]);
    const paid = await pay(id, { payment_product_type: 'sandbox.invoice', ...CONTACT });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    const tx = await api.get(`/v1/transactions/${paid.body.transaction_id}`);
    expect(tx.body).toMatchObject({ status: 'AUTHORIZED', payment_product_type: 'sandbox.invoice' });
    expect(JSON.parse((await transaction(paid.body.transaction_id)).data).payment_details).toEqual(CONTACT);
  });

  it('an invoice email at onhold.example is held when the session allows it', async () => {
    const id = await sessionWith({ sandbox: { invoice: { enabled: true } }, enable_on_hold: true });
    const paid = await pay(id, { payment_product_type: 'sandbox.invoice', ...CONTACT, email: 'kari@onhold.example' });
    expect(paid.body).toMatchObject({ success: true, on_hold: true });
  });

  it('offers part-payment plans for the amount and pays with the chosen one; an unknown plan is refused and changes nothing', async () => {
    const id = await sessionWith();
    const ops = await operations(id, 'sandbox.installment', 'country=NO&email=kari%40example.com');
    expect(ops.status, JSON.stringify(ops.body)).toBe(200);
    const plans = ops.body.operations.map(
      (o: { product: { id: string; credit_time: number; total_amount: number } }) => o.product,
    );
    expect(plans.map((p: { credit_time: number }) => p.credit_time)).toEqual([3, 12, 24]);
    expect(plans[0].total_amount).toBeGreaterThanOrEqual(10000);
    const unknown = await pay(id, { payment_product_type: 'sandbox.installment', ...CONTACT, product: { id: '99m' } });
    expect(unknown.status).toBe(400);
    expect(await db().selectFrom('transactions').select('id').where('session_id', '=', id).execute()).toHaveLength(0);
    const paid = await pay(id, { payment_product_type: 'sandbox.installment', ...CONTACT, product: { id: '12m' } });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect(JSON.parse((await transaction(paid.body.transaction_id)).data).payment_details.product).toEqual({
      id: '12m',
    });
  });

  it('refuses a type the session does not enable', async () => {
    const id = await sessionWith({ sandbox: { creditcard: { enabled: true } } });
    const res = await pay(id, { payment_product_type: 'sandbox.invoice', ...CONTACT });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('PAYMENT_PRODUCT_NOT_ENABLED');
  });
});

describe('a card the merchant stored for the customer', () => {
  const storedToken = async () => {
    const created = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://merchant.example/return' },
        order: { amount: 0, currency: 'NOK', merchant_reference: 'tok' },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    const saved = await pay(created.body.id, payBody().payment);
    return (await api.get(`/v1/transactions/${saved.body.transaction_id}?includes=card.payment_token`)).body.card
      .payment_token as string;
  };

  it('is shown masked (never the token) and pays with its payment_token_id', async () => {
    const token = await storedToken();
    const id = await sessionWith(
      { sandbox: { creditcard: { enabled: true } } },
      { customer: { tokens: { 'sandbox.creditcard': { payment_token: token } } } },
    );
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(JSON.stringify(view.body)).not.toContain(token);
    const [saved] = view.body.customer.saved_cards;
    expect(saved).toMatchObject({
      brand: 'Visa',
      masked_pan: '************1111',
      payment_token_id: expect.stringMatching(/^ptid_/),
    });
    const wrong = await pay(id, {
      payment_product_type: 'sandbox.creditcard',
      payment_token_id: 'ptid_000000000000000000000000',
    });
    expect(wrong.status).toBe(400);
    const paid = await pay(id, {
      payment_product_type: 'sandbox.creditcard',
      payment_token_id: saved.payment_token_id,
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  });

  it('an unknown token is simply not shown', async () => {
    const id = await sessionWith(
      { sandbox: { creditcard: { enabled: true } } },
      { customer: { tokens: { 'sandbox.creditcard': { payment_token: 'sbx_pt_unknown' } } } },
    );
    expect((await customer.get(`/v1/view/${id}/session`)).body.customer).toBeUndefined();
  });
});
