import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthorizeAnswer, CustomerActionAnswer } from '../../server/providers/port';
import { recoverStalePayments } from '../../server/payments/attempt/recover-stale-payments';
import { AppError } from '../../server/errors/app-error';
import { saveTransactionState, stateOf } from '../../server/payments/store/transaction-repository';
import { toTransactionRecord } from '../../server/payments/store/transaction-record';
import { inTransaction } from '../../server/db/tx';
import { ApiClient, payBody, sessionBody } from '../support/api-client';
import { asAnotherProcess } from '../support/another-process';
import { startTestServer, type TestServer } from '../support/test-server';
import { minorUnits } from '../../domain/money';

let srv: TestServer;
let api: ApiClient;
beforeAll(async () => {
  srv = await startTestServer();
  api = await ApiClient.login(srv.baseUrl);
});
afterAll(() => srv.stop());
afterEach(() => vi.restoreAllMocks());

const db = () => srv.kassa.ctx.database.db;
/**
 * The recovery as another process runs it (ADR 047): a process never closes an attempt its own request
 * still works on, but another one does once its age passes the backstop (`staleMs: 0` here), as a
 * process whose heartbeat could not be written for 10 s (a partition) may look dead to the others.
 */
const recoverInAnotherProcess = () => recoverStalePayments(asAnotherProcess(srv.kassa.ctx), { staleMs: 0 });
const sandboxCard = () => srv.kassa.ctx.providers.providerFor('sandbox.creditcard');

/**
 * The acquirer's authorize waits until the test releases it, then answers as the real sandbox does: it has not decided
 * while the recovery runs, so the recovery's status query finds nothing there (UNKNOWN) and closes the attempt.
 */
const blockAuthorize = () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const acquirer = sandboxCard();
  const real = acquirer.authorize.bind(acquirer);
  const spy = vi
    .spyOn(acquirer, 'authorize')
    .mockImplementationOnce(async (req): Promise<AuthorizeAnswer | CustomerActionAnswer> => {
      await gate;
      return real(req);
    });
  return { release, spy };
};

/** Pays, lets the recovery close the attempt while authorize is blocked, then lets the approval arrive. */
const payAcrossRecovery = async (sid: string) => {
  const { release, spy } = blockAuthorize();
  const paying = new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody());
  await expect.poll(() => spy.mock.calls.length).toBe(1); // the attempt is INITIATED and the acquirer is answering
  const tx = await db().selectFrom('transactions').selectAll().where('session_id', '=', sid).executeTakeFirstOrThrow();
  expect(tx.status).toBe('INITIATED');
  expect(await recoverInAnotherProcess()).toBeGreaterThanOrEqual(1);
  const afterRecovery = {
    tx: await db().selectFrom('transactions').selectAll().where('id', '=', tx.id).executeTakeFirstOrThrow(),
    session: await db().selectFrom('sessions').selectAll().where('id', '=', sid).executeTakeFirstOrThrow(),
    // the recovery's own report of the close (ADR 050): the merchant hears of it as of any failed attempt
    outbox: await db().selectFrom('outbox').select('id').where('session_id', '=', sid).execute(),
  };
  expect(afterRecovery.tx.status).toBe('FAILED');
  expect(afterRecovery.session.status).toBe('OPEN');
  release();
  const res = await paying;
  return { res, transactionId: tx.id, afterRecovery };
};

describe('the acquirer approves after the stale-payment recovery closed the attempt', () => {
  it('leaves the session and transaction as the recovery left them, queues no callback, and voids the late authorization', async () => {
    const created = await api.post(
      '/v1/sessions',
      sessionBody({
        url: { return_url: 'https://shop.example/r', callback_url: 'https://shop.example/cb?report_error=true' },
      }),
    );
    const sid = created.body.id as string;
    const outboxBefore = await db().selectFrom('outbox').select('id').where('session_id', '=', sid).execute();
    const voidSpy = vi.spyOn(sandboxCard(), 'void');

    const { res, transactionId, afterRecovery } = await payAcrossRecovery(sid);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      transaction_id: transactionId,
      error_details: [{ code: 'ABANDONED', category: 'temporary' }],
    });
    const tx = await db()
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
    const session = await db().selectFrom('sessions').selectAll().where('id', '=', sid).executeTakeFirstOrThrow();
    expect(tx).toEqual(afterRecovery.tx); // status, amounts, card, version: untouched
    expect(session).toEqual(afterRecovery.session);
    // the recovery reported its close once; the late answer queued nothing (neither AUTHORIZE nor another report)
    expect(afterRecovery.outbox).toHaveLength(outboxBefore.length + 1);
    expect(await db().selectFrom('outbox').select('id').where('session_id', '=', sid).execute()).toEqual(
      afterRecovery.outbox,
    );
    // no money held: the authorization was voided at the acquirer, and the event log says so
    expect(voidSpy).toHaveBeenCalledTimes(1);
    expect(voidSpy.mock.calls[0]![0]).toMatchObject({ transactionId, amount: 10000, currency: 'NOK' });
    const view = await api.get(`/v1/transactions/${transactionId}`);
    expect(view.body.status).toBe('FAILED');
    expect(view.body.events.map((e: { event: string; success: boolean }) => `${e.event}:${e.success}`)).toEqual([
      'INITIALIZE:true',
      'AUTHORIZE:false',
      'VOID:true',
    ]);
    expect(view.body.events.at(-1)).toMatchObject({ reason: 'late_authorization', created_by: 'system' });
    const sandboxVoid = await db()
      .selectFrom('sandbox_operations')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .execute();
    expect(sandboxVoid.map((o) => o.kind)).toEqual(['VOID']);

    // the session can be paid again, normally
    const again = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody());
    expect(again.body.success).toBe(true);
  });

  it('records the late authorization for reconciliation when the void fails', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const sid = created.body.id as string;
    vi.spyOn(sandboxCard(), 'void').mockRejectedValueOnce(new AppError('PROVIDER_UNAVAILABLE', 'down'));

    const { res, transactionId, afterRecovery } = await payAcrossRecovery(sid);

    expect(res.body.success).toBe(false);
    expect(
      await db().selectFrom('transactions').selectAll().where('id', '=', transactionId).executeTakeFirstOrThrow(),
    ).toEqual(afterRecovery.tx);
    const view = await api.get(`/v1/transactions/${transactionId}`);
    expect(view.body.events.at(-1)).toMatchObject({
      event: 'VOID',
      success: false,
      reconcile: true,
      reason: 'late_authorization',
      error: { code: 'LATE_AUTHORIZATION_NOT_VOIDED' },
    });
    expect(view.body.events.at(-1).provider_reference).toMatch(/^sbx_/);
  });

  it('a merchant-initiated pay that loses the race answers FAILED and moves nothing', async () => {
    const tokenSession = await api.post('/v1/sessions/payment-token', {
      session: sessionBody({}, { amount: 0, items: undefined }),
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    expect(tokenSession.status, JSON.stringify(tokenSession.body)).toBe(200);
    const saved = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${tokenSession.body.id}/pay`, payBody());
    const token = (await api.get(`/v1/transactions/${saved.body.transaction_id}?includes=card.payment_token`)).body.card
      .payment_token as string;

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const acquirer = sandboxCard();
    const real = acquirer.authorize.bind(acquirer);
    const spy = vi.spyOn(acquirer, 'authorize').mockImplementationOnce(async (req) => {
      await gate;
      return real(req);
    });
    const voidSpy = vi.spyOn(acquirer, 'void');
    const paying = api.post('/v1/sessions/pay', {
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: `mit-${Date.now()}` },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: token } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard', operation: 'unscheduled_purchase' },
    });
    await expect.poll(() => spy.mock.calls.length).toBe(1);
    await recoverInAnotherProcess();
    release();
    const res = await paying;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'FAILED',
      success: false,
      actions: [{ code: 'ABANDONED', type: 'error' }],
    });
    expect(voidSpy).toHaveBeenCalledTimes(1);
  });
});

describe('versioned updates', () => {
  it('a write based on a stale version changes nothing and fails with CONFLICT', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const paid = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, payBody());
    const id = paid.body.transaction_id as string;
    const stale = toTransactionRecord(
      await db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    await api.request('PUT', `/v1/transactions/${id}`, { merchant_reference_2: 'moved-on' });
    const before = await db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const state = stateOf(stale);
    await expect(
      inTransaction(srv.kassa.ctx.database, (trx) =>
        saveTransactionState(trx, stale, 'AUTHORIZATION_VOIDED', { ...state.amounts, voided: minorUnits(10000) }),
      ),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
  });
});
