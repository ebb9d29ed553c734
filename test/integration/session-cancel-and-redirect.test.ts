import { describe, expect, it } from 'vitest';
import { APPROVE_CARD, ApiClient, DECLINE_CARD, payBody } from '../support/api-client';
import { CLIENT_ID } from '../support/test-server';
import { createSession, paidSession, useKassa } from '../support/fixtures';

const { srv, api, other, customer } = useKassa({ other: true });

const db = () => srv.kassa.ctx.database.db;

const cancel = (id: string, headers: Record<string, string> = {}, client = api) =>
  client.post(`/v1/sessions/${id}/cancel`, undefined, headers);

/** The merchant's view of a session and all its transactions, events included. */
const stored = async (id: string) => {
  const txs = await db()
    .selectFrom('transactions')
    .select('id')
    .where('session_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    session: (await api.get(`/v1/sessions/${id}`)).body,
    row: await db()
      .selectFrom('sessions')
      .select(['status', 'version', 'updated_at', 'cancelled_at', 'cancelled_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    transactions: await Promise.all(txs.map(async (t) => (await api.get(`/v1/transactions/${t.id}`)).body)),
  };
};
const eventNames = (session: { events: { name: string }[] }) => session.events.map((e) => e.name);

const expectRejected = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};

describe('POST /v1/sessions/{id}/cancel', () => {
  it('cancelling an unpaid session returns it with cancelled_at and cancelled_by, and records a CANCELLED event', async () => {
    const { id } = await createSession(api);
    const before = Date.now();
    const res = await cancel(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, cancelled_by: CLIENT_ID });
    expect(Date.parse(res.body.cancelled_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.cancelled_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(eventNames(res.body)).toEqual(['INITIATED', 'CANCELLED']);
    expect(res.body.events[1].details).toMatchObject({ cancelled_by: CLIENT_ID });

    const read = await api.get(`/v1/sessions/${id}`);
    expect(read.body).toEqual(res.body);
    expect(await db().selectFrom('transactions').select('id').where('session_id', '=', id).execute()).toEqual([]);
  });

  it('cancelling with an empty JSON body works as well as with none', async () => {
    const { id } = await createSession(api);
    const res = await api.post(`/v1/sessions/${id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body.cancelled_at).toEqual(expect.any(String));
  });

  it('cancelling an authorized session voids its transaction (AUTHORIZATION_VOIDED) and cancels the session', async () => {
    const { id, transactionId } = await paidSession(api);
    const res = await cancel(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id,
      transaction_id: transactionId,
      cancelled_by: CLIENT_ID,
      cancelled_at: expect.any(String),
    });
    expect(eventNames(res.body).at(-1)).toBe('CANCELLED');
    expect(res.body.events.at(-1).details).toMatchObject({ transaction_id: transactionId });

    const tx = await api.get(`/v1/transactions/${transactionId}`);
    expect(tx.body.status).toBe('AUTHORIZATION_VOIDED');
    expect(tx.body.events.map((e: { event: string }) => e.event)).toEqual(['INITIALIZE', 'AUTHORIZE', 'VOID']);
    expectRejected(
      await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 1 }),
      400,
      'TRANSACTION_NOT_CAPTURABLE',
    );
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error.cause).toBe('CANCELLED');
  });

  it('a session whose transaction is captured, partly or fully, cannot be cancelled: 400, and neither session nor transaction changes', async () => {
    for (const captureAmount of [10000, 4000]) {
      const { id, transactionId } = await paidSession(api);
      expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: captureAmount })).status).toBe(200);
      const before = await stored(id);
      const res = await cancel(id);
      expectRejected(res, 400, 'TRANSACTION_NOT_VOIDABLE');
      expect(await stored(id)).toEqual(before);
      expect(before.session).not.toHaveProperty('cancelled_at');
      expect(before.transactions[0].status).toBe(captureAmount === 10000 ? 'CAPTURED' : 'PARTIALLY_CAPTURED');
    }
  });

  it('a session whose transaction is already voided or refunded cannot be cancelled either', async () => {
    const voided = await paidSession(api);
    expect((await api.post(`/v1/transactions/${voided.transactionId}/void`)).status).toBe(200);
    const refunded = await paidSession(api);
    await api.post(`/v1/transactions/${refunded.transactionId}/capture`, { amount: 10000 });
    expect((await api.post(`/v1/transactions/${refunded.transactionId}/refund`, { amount: 10000 })).body.status).toBe(
      'REFUNDED',
    );
    for (const { id } of [voided, refunded]) {
      const before = await stored(id);
      expectRejected(await cancel(id), 400, 'TRANSACTION_NOT_VOIDABLE');
      expect(await stored(id)).toEqual(before);
    }
  });

  it('cancelling twice: the second is 400 SESSION_CANCELLED and changes nothing', async () => {
    const { id } = await createSession(api);
    expect((await cancel(id)).status).toBe(200);
    const before = await stored(id);
    expectRejected(await cancel(id), 400, 'SESSION_CANCELLED');
    expect(await stored(id)).toEqual(before);
    expect(eventNames(before.session).filter((n) => n === 'CANCELLED')).toHaveLength(1);
  });

  it('repeating the cancel with the same Idempotency-Key replays the first answer and cancels once', async () => {
    const { transactionId, id } = await paidSession(api);
    const key = `cancel-${Math.random().toString(36).slice(2)}`;
    const first = await cancel(id, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const before = await stored(id);
    const again = await cancel(id, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await stored(id)).toEqual(before);
    expect(
      (await api.get(`/v1/transactions/${transactionId}`)).body.events.filter(
        (e: { event: string }) => e.event === 'VOID',
      ),
    ).toHaveLength(1);
  });

  it('a cancelled session cannot be paid (400 SESSION_CANCELLED, no transaction) and the view answers 404 with cause CANCELLED', async () => {
    const { id, body } = await createSession(api);
    await cancel(id);
    const before = await stored(id);
    expectRejected(await customer.post(`/v1/sessions/${id}/pay`, payBody()), 400, 'SESSION_CANCELLED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({
      code: 'SESSION_NOT_AVAILABLE',
      cause: 'CANCELLED',
      message: expect.any(String),
      session_details: { merchant_reference: body.order.merchant_reference, return_url: body.url.return_url },
    });
    // the lock is refused too
    expectRejected(await customer.post(`/v1/view/${id}/session/lock`), 400, 'EXPRESS_NOT_ENABLED');
  });

  it('a cancelled express session cannot be locked: 400 SESSION_CANCELLED', async () => {
    const { id } = await createSession(api, {
      express: { shipping_options: [{ id: 'home', line_id: 'ship', amount: 0 }] },
    });
    await cancel(id);
    const before = await stored(id);
    expectRejected(await customer.post(`/v1/view/${id}/session/lock`), 400, 'SESSION_CANCELLED');
    expect(await stored(id)).toEqual(before);
  });

  it("an unknown session or another account's session is 404, a body with fields is 400, no token is 401; none changes anything", async () => {
    const { id } = await createSession(api);
    const before = await stored(id);
    expectRejected(await cancel('T10000001.zzzzzzzzzzzzzzzzzzzzzz'), 404, 'SESSION_NOT_FOUND');
    expectRejected(await cancel(id, {}, other), 404, 'SESSION_NOT_FOUND');
    expectRejected(await api.post(`/v1/sessions/${id}/cancel`, { reason: 'changed my mind' }), 400, 'INVALID_REQUEST');
    expectRejected(await api.post('/v1/sessions/not-an-id/cancel'), 400, 'INVALID_REQUEST');
    expect((await cancel(id, {}, new ApiClient(srv.baseUrl))).status).toBe(401);
    expect(await stored(id)).toEqual(before);
  });
});

describe('GET /v1/sessions/{id}/redirect/{redirect_ref}', () => {
  const redirectOf = async (sessionId: string, ref: string) => {
    const res = await customer.get(`/v1/sessions/${sessionId}/redirect/${ref}`);
    return { res, location: res.headers.get('location') ? new URL(res.headers.get('location')!) : undefined };
  };

  it('the transaction of an approved payment sends the customer (no auth) to return_url with transaction_id and merchant_reference', async () => {
    const { id, body } = await createSession(api, { url: { return_url: 'https://shop.example/done?cart=9' } });
    const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody());
    const { res, location } = await redirectOf(id, paid.body.transaction_id);
    expect(res.status).toBe(302);
    expect(`${location!.origin}${location!.pathname}`).toBe('https://shop.example/done');
    expect(Object.fromEntries(location!.searchParams)).toEqual({
      cart: '9',
      transaction_id: paid.body.transaction_id,
      merchant_reference: body.order.merchant_reference,
    });
  });

  it('a declined attempt redirects with error=authorization; the later approved attempt of the same session without error', async () => {
    const { id, body } = await createSession(api);
    const declined = await customer.post(`/v1/sessions/${id}/pay`, payBody(DECLINE_CARD));
    expect(declined.body.success).toBe(false);
    const first = await redirectOf(id, declined.body.transaction_id);
    expect(first.res.status).toBe(302);
    expect(Object.fromEntries(first.location!.searchParams)).toEqual({
      transaction_id: declined.body.transaction_id,
      merchant_reference: body.order.merchant_reference,
      error: 'authorization',
    });

    const approved = await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD));
    const second = await redirectOf(id, approved.body.transaction_id);
    expect(Object.fromEntries(second.location!.searchParams)).toEqual({
      transaction_id: approved.body.transaction_id,
      merchant_reference: body.order.merchant_reference,
    });
  });

  it('an unknown redirect_ref, a transaction of another session, or an unknown session is 404 with the error body', async () => {
    const a = await paidSession(api);
    const b = await paidSession(api);
    const cases: [string, string][] = [
      [a.id, 'nothing-like-this'],
      [a.id, 'T10000001.zzzzzzzzzzzzzzzzzzzzzz'],
      [a.id, b.transactionId], // b's transaction, through a's session
      [b.id, a.transactionId],
      ['T10000001.zzzzzzzzzzzzzzzzzzzzzz', a.transactionId],
    ];
    for (const [sessionId, ref] of cases) {
      const { res } = await redirectOf(sessionId, ref);
      expect(res.status, `${sessionId} ${ref}`).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('redirecting changes nothing, however often it is followed', async () => {
    const { id, transactionId } = await paidSession(api);
    const before = await stored(id);
    for (let i = 0; i < 3; i++) expect((await redirectOf(id, transactionId)).res.status).toBe(302);
    expect(await stored(id)).toEqual(before);
  });
});
