import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../support/test-server';
import { cardTransaction, money } from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

const { srv, api, customer } = useKassa();

const ON_HOLD_CARD = '4000000000000259';
const onHoldPayment = () =>
  cardTransaction(api, customer, {
    configuration: { sandbox: { creditcard: { enabled: true } }, enable_on_hold: true },
    card: ON_HOLD_CARD,
  });

/**
 * A session's cancel voids its payment by the transaction's own void rule (domain/transaction-state.ts), decided
 * under the transaction's lock in the money-operation pipeline: what POST /v1/transactions/{id}/void may void, the
 * session's cancel voids too (ADR 032: the transaction rule won over the cancel's own list of statuses).
 */
describe('cancelling a session whose payment is ON_HOLD', () => {
  it('the transaction void and the session cancel agree: both void the whole authorization', async () => {
    const voided = await onHoldPayment();
    expect(voided.pay.on_hold).toBe(true);
    expect((await api.post(`/v1/transactions/${voided.transactionId}/void`)).status).toBe(200);
    expect(await money(srv, voided.transactionId)).toMatchObject({ status: 'AUTHORIZATION_VOIDED', voided: 10000 });

    const cancelled = await onHoldPayment();
    expect(cancelled.pay.on_hold).toBe(true);
    const res = await api.post(`/v1/sessions/${cancelled.sessionId}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: cancelled.sessionId,
      transaction_id: cancelled.transactionId,
      cancelled_by: CLIENT_ID,
      cancelled_at: expect.any(String),
    });
    expect(res.body.events.at(-1)).toMatchObject({
      name: 'CANCELLED',
      details: { transaction_id: cancelled.transactionId },
    });
    expect(await money(srv, cancelled.transactionId)).toMatchObject({
      status: 'AUTHORIZATION_VOIDED',
      voided: 10000,
      captured: 0,
      pendingVoid: 0,
    });

    const tx = await api.get(`/v1/transactions/${cancelled.transactionId}`);
    expect(tx.body.events.map((e: { event: string }) => e.event)).toEqual(['INITIALIZE', 'AUTHORIZE', 'VOID']);
    expect(tx.body.events.at(-1)).toMatchObject({
      event: 'VOID',
      success: true,
      amount: 10000,
      reason: 'session cancelled',
    });
    const view = await customer.get(`/v1/view/${cancelled.sessionId}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error.cause).toBe('CANCELLED');
  });

  it('once the transaction was voided through its own endpoint, the cancel is refused like the second void (400 TRANSACTION_NOT_VOIDABLE)', async () => {
    const { sessionId, transactionId } = await onHoldPayment();
    expect((await api.post(`/v1/transactions/${transactionId}/void`)).status).toBe(200);
    const again = await api.post(`/v1/transactions/${transactionId}/void`);
    const cancel = await api.post(`/v1/sessions/${sessionId}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(400);
    expect(cancel.body.error.code).toBe(again.body.error.code);
    expect(cancel.body.error.code).toBe('TRANSACTION_NOT_VOIDABLE');
    expect((await api.get(`/v1/sessions/${sessionId}`)).body).not.toHaveProperty('cancelled_at');
  });
});
