import { describe, expect, it } from 'vitest';
import { APPROVE_CARD, card, NORWEGIAN_ADDRESS, payBody } from '../support/api-client';
import { createSession, useKassa } from '../support/fixtures';
import { changedTables, snapshotState } from '../support/fuzz/snapshot';

/**
 * An attempt that waits for the customer on a 3-D Secure or wallet page must not outlive the
 * session's cancellation, and customer operations on sessions that have no checkout (or can no
 * longer be paid) are refused without changing anything.
 */
const { api, customer, db } = useKassa();

const CHALLENGE_CARD = card('4000 0000 0000 3220');
const CARD_AND_WALLET = { sandbox: { wallet: { enabled: true }, creditcard: { enabled: true } } };

const decide = (id: string, kind: '3ds' | 'wallet', tx: string, decision: string) =>
  customer.request('POST', `/v1/view/${id}/sandbox/${kind}/${tx}`, new URLSearchParams({ decision }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
const transaction = (id: string) =>
  db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const session = (id: string) => db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionEvents = async (id: string) =>
  (await db().selectFrom('session_events').select('name').where('session_id', '=', id).orderBy('seq').execute()).map(
    (e) => e.name,
  );

/** A session whose customer has been sent to the 3-D Secure page (or the wallet's): the attempt waits, INITIATED. */
const waitingAttempt = async (kind: '3ds' | 'wallet') => {
  const { id, body } = await waitingAttemptWithBody(kind);
  return { id, tx: body.tx };
};
const waitingAttemptWithBody = async (kind: '3ds' | 'wallet') => {
  const { id, body } = await createSession(api, { configuration: CARD_AND_WALLET });
  const pay = await customer.post(
    `/v1/sessions/${id}/pay`,
    kind === '3ds' ? payBody(CHALLENGE_CARD) : { payment: { payment_product_type: 'sandbox.wallet' } },
  );
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const tx = pay.body.transaction_id as string;
  expect((await transaction(tx)).status).toBe('INITIATED');
  return { id, body: { ...body, tx } };
};

describe('a cancel closes the attempt that waits for the customer', () => {
  for (const [kind, pass, fail] of [
    ['3ds', 'complete', 'fail'],
    ['wallet', 'approve', 'reject'],
  ] as const) {
    it(`merchant cancel during the ${kind} page: the attempt is voided, neither ${pass} nor ${fail} pays or reopens the session`, async () => {
      const { id, tx } = await waitingAttempt(kind);
      expect((await api.post(`/v1/sessions/${id}/cancel`)).status).toBe(200);
      expect(await transaction(tx)).toMatchObject({ status: 'AUTHORIZATION_VOIDED' });
      for (const decision of [fail, pass]) {
        expect((await decide(id, kind, tx, decision)).status).toBe(302);
        expect(await transaction(tx)).toMatchObject({ status: 'AUTHORIZATION_VOIDED' });
        expect(await session(id)).toMatchObject({ status: 'CANCELLED', transaction_id: null });
      }
      const view = await customer.get(`/v1/view/${id}/session`);
      expect(view.status).toBe(404);
      expect(view.body.error).toMatchObject({ code: 'SESSION_NOT_AVAILABLE', cause: 'CANCELLED' });
      expect((await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD))).body.error.code).toBe(
        'SESSION_CANCELLED',
      );
      expect(await db().selectFrom('transactions').select('status').where('session_id', '=', id).execute()).toEqual([
        { status: 'AUTHORIZATION_VOIDED' },
      ]);
      expect(await sessionEvents(id)).toEqual(['INITIATED', 'PAYMENT_REDIRECT', 'CANCELLED']);
      const events = await db()
        .selectFrom('transaction_events')
        .select(['event', 'success', 'details'])
        .where('transaction_id', '=', tx)
        .orderBy('seq')
        .execute();
      expect(events.map((e) => [e.event, Boolean(e.success)])).toEqual([
        ['INITIALIZE', true],
        ['VOID', true],
      ]);
      expect(events[1]!.details).toContain('session cancelled');
    });
  }

  it('the customer leaving the checkout (abandon) while the 3-D Secure page waits closes that attempt too', async () => {
    const { id, tx } = await waitingAttempt('3ds');
    const left = await customer.post(`/v1/view/${id}/session/abandon`);
    expect(left.status, JSON.stringify(left.body)).toBe(302);
    expect((await decide(id, '3ds', tx, 'complete')).status).toBe(302);
    expect(await transaction(tx)).toMatchObject({ status: 'FAILED' });
    expect(await session(id)).toMatchObject({ status: 'CANCELLED', transaction_id: null });
  });
});

describe('a session is paid by its expires_at or not at all', () => {
  for (const [kind, pass] of [
    ['3ds', 'complete'],
    ['wallet', 'approve'],
  ] as const) {
    it(`a ${kind} page started before the expiry and finished after it authorizes nothing`, async () => {
      const { id, tx } = await waitingAttempt(kind);
      await db()
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute(); // the session expired meanwhile
      const back = await decide(id, kind, tx, pass);
      expect(back.status).toBe(302);
      expect(await transaction(tx)).toMatchObject({ status: 'FAILED' });
      expect((await session(id)).status).not.toBe('AUTHORIZED');
      const tried = await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD));
      expect(tried.body.error?.code ?? tried.body, JSON.stringify(tried.body)).toBe('SESSION_EXPIRED');
    });
  }
});

describe('a change to the order closes the attempt that waits for the customer', () => {
  const HOME = { id: 'home', line_id: 'shipping-home', amount: 500, title: 'Home delivery' };
  const PICKUP = { id: 'pickup', line_id: 'shipping-pickup', amount: 0, title: 'Pick-up point' };
  const view = (id: string, what: string, body: unknown) =>
    customer.request('PUT', `/v1/view/${id}/session/order/${what}`, body);

  it('the customer choosing another shipping option during the 3-D Secure page: completing it pays nothing, the next payment the new amount', async () => {
    const { id } = await createSession(api, {
      configuration: CARD_AND_WALLET,
      express: { shipping_options: [HOME, PICKUP] },
    });
    expect((await view(id, 'addresses', { shipping_address: NORWEGIAN_ADDRESS })).status).toBe(200);
    expect((await view(id, 'shipping_option', PICKUP)).status).toBe(200);
    const waiting = await customer.post(`/v1/sessions/${id}/pay`, payBody(CHALLENGE_CARD));
    const tx = waiting.body.transaction_id as string;
    expect((await transaction(tx)).status).toBe('INITIATED');
    const dearer = await view(id, 'shipping_option', HOME);
    expect(dearer.status, JSON.stringify(dearer.body)).toBe(200);
    expect(await transaction(tx)).toMatchObject({ status: 'FAILED' });
    expect((await decide(id, '3ds', tx, 'complete')).status).toBe(302);
    expect(await transaction(tx)).toMatchObject({ status: 'FAILED' });
    expect(await session(id)).toMatchObject({ status: 'OPEN', transaction_id: null });
    const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD));
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect((await transaction(paid.body.transaction_id)).amount).toBe(dearer.body.order.amount);
    expect(dearer.body.order.amount).toBe((await session(id)).amount);
  });

  it("the merchant's update during the wallet page: approving it afterwards pays nothing", async () => {
    const { id, body } = await waitingAttemptWithBody('wallet');
    const order = {
      ...body.order,
      amount: body.order.amount + 1000,
      items: [...body.order.items, { line_id: 'extra', description: 'Gift wrap', quantity: 1, amount: 1000 }],
    };
    const updated = await api.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, { order });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await decide(id, 'wallet', body.tx, 'approve')).status).toBe(302);
    expect(await transaction(body.tx)).toMatchObject({ status: 'FAILED' });
    expect(await session(id)).toMatchObject({ status: 'OPEN', transaction_id: null, amount: order.amount });
    const events = await db()
      .selectFrom('transaction_events')
      .select(['event', 'error'])
      .where('transaction_id', '=', body.tx)
      .execute();
    expect(events.at(-1)!.error).toContain('ORDER_CHANGED');
  });
});

describe('refused customer operations change nothing', () => {
  it('force_new on a session that can no longer be paid is the view 404 and leaves the waiting attempt alone', async () => {
    const { id, tx } = await waitingAttempt('3ds');
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const before = await snapshotState(db());
    const res = await customer.post(`/v1/view/${id}/payments/sandbox.creditcard?force_new=true`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'SESSION_NOT_AVAILABLE', cause: 'EXPIRED' });
    expect(changedTables(before, await snapshotState(db()))).toEqual([]);
    expect((await transaction(tx)).status).toBe('INITIATED');
  });

  it('a merchant-initiated session has no checkout: every customer operation is 404 SESSION_NOT_FOUND and stores nothing', async () => {
    const paid = await api.post('/v1/sessions/pay', {
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: 'mit-1' },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: 'no-such-token' } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'FAILED', success: false });
    const id = paid.body.session_id as string;
    const before = await snapshotState(db());
    const attempts = [
      await customer.get(`/v1/view/${id}/session`),
      await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD)),
      await customer.post(`/v1/view/${id}/payments/sandbox.creditcard`),
      await customer.post(`/v1/view/${id}/payments/sandbox.creditcard?force_new=true`),
      await customer.post(`/v1/view/${id}/session/abandon`),
      await customer.post(`/v1/view/${id}/session/publish/scc`),
      await customer.request('PUT', `/v1/view/${id}/session/order/addresses`, {
        shipping_address: { first_name: 'Kari', country: 'NO' },
      }),
    ];
    for (const res of attempts) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error.code).toBe('SESSION_NOT_FOUND');
    }
    expect(changedTables(before, await snapshotState(db()))).toEqual([]);
    expect(await db().selectFrom('transactions').select('status').where('session_id', '=', id).execute()).toEqual([
      { status: 'FAILED' },
    ]);
  });
});
