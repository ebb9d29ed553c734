import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/errors/app-error';
import type { AuthorizeAnswer } from '../../server/providers/port';
import { card, payBody, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/**
 * Issue 37 items 1 and 19 (ADR 040): the return from a customer action asks the provider once, however
 * many requests come at once; a late answer never voids the approval that was recorded; a session cancel
 * voids the attempt that waits for the customer, and a cancel that races a completion ends consistently.
 */
const { srv, api, customer, merchant, db } = useKassa({ merchant: true });
afterEach(() => vi.restoreAllMocks());

const CHALLENGE_CARD = card('4000 0000 0000 3220');
const CARD_AND_WALLET = { sandbox: { wallet: { enabled: true }, creditcard: { enabled: true } } };
const provider = (type: string) => srv.kassa.ctx.providers.providerFor(type);

const waiting = async (kind: '3ds' | 'wallet', callbackUrl?: string) => {
  const body = sessionBody({
    configuration: CARD_AND_WALLET,
    ...(callbackUrl ? { url: { return_url: 'https://shop.example/r', callback_url: callbackUrl } } : {}),
  });
  const sid = (await api.post('/v1/sessions', body)).body.id as string;
  const pay = await customer.post(
    `/v1/sessions/${sid}/pay`,
    kind === '3ds' ? payBody(CHALLENGE_CARD) : { payment: { payment_product_type: 'sandbox.wallet' } },
  );
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return { sid, tx: pay.body.transaction_id as string };
};
const decide = async (sid: string, kind: '3ds' | 'wallet', tx: string, decision: string) => {
  const res = await customer.request('POST', `/v1/view/${sid}/sandbox/${kind}/${tx}`, `decision=${decision}`, {
    'content-type': 'application/x-www-form-urlencoded',
  });
  return { status: res.status, location: res.headers.get('location') };
};
const events = async (tx: string) =>
  (
    await db()
      .selectFrom('transaction_events')
      .select(['event', 'success'])
      .where('transaction_id', '=', tx)
      .orderBy('seq')
      .execute()
  ).map((e) => `${e.event}:${Boolean(e.success)}`);
const statusOf = async (tx: string) =>
  (await db().selectFrom('transactions').select('status').where('id', '=', tx).executeTakeFirstOrThrow()).status;

/** Holds the issuer's answers until `release()`, counting the calls that reached it. */
const holdIssuer = (type = 'sandbox.creditcard') => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const issuer = provider(type);
  const real = issuer.completeCustomerAction.bind(issuer);
  const spy = vi.spyOn(issuer, 'completeCustomerAction').mockImplementation(async (req): Promise<AuthorizeAnswer> => {
    const answer = await real(req);
    await gate;
    return answer;
  });
  return { spy, release };
};

describe('the return from a customer action asks the provider once', () => {
  it('ten completions of one 3-D Secure page at once: one decision, no VOID, AUTHORIZED, one redirect for all', async () => {
    const { sid, tx } = await waiting('3ds');
    const { spy, release } = holdIssuer();
    const voids = vi.spyOn(provider('sandbox.creditcard'), 'void');
    const answers = Promise.all(Array.from({ length: 10 }, () => decide(sid, '3ds', tx, 'complete')));
    await expect.poll(() => spy.mock.calls.length).toBe(1); // the first is at the issuer; the others wait for it
    release();
    const all = await answers;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(voids).not.toHaveBeenCalled();
    expect(new Set(all.map((a) => `${a.status} ${a.location}`))).toEqual(new Set([`302 /?sid=${sid}&payment=${tx}`]));
    expect(await statusOf(tx)).toBe('AUTHORIZED');
    expect(await events(tx)).toEqual(['INITIALIZE:true', 'AUTHORIZE:true']);
  });

  it("a claim whose process died is taken over; the first request's late answer is the same approval and voids nothing", async () => {
    const { sid, tx } = await waiting('3ds');
    const { spy, release } = holdIssuer();
    const voids = vi.spyOn(provider('sandbox.creditcard'), 'void');
    const first = decide(sid, '3ds', tx, 'complete');
    await expect.poll(() => spy.mock.calls.length).toBe(1);
    // its process is gone (no kassa_processes row): the claim is free
    await db()
      .updateTable('transactions')
      .set({ action_claim_owner: 'a-process-that-died' })
      .where('id', '=', tx)
      .execute();
    spy.mockRestore(); // the second asks the issuer at once
    const second = await decide(sid, '3ds', tx, 'complete');
    expect(await statusOf(tx)).toBe('AUTHORIZED');
    release();
    expect(await first).toEqual(second);
    expect(second).toEqual({ status: 302, location: `/?sid=${sid}&payment=${tx}` });
    expect(voids).not.toHaveBeenCalled();
    expect(await statusOf(tx)).toBe('AUTHORIZED');
    expect(await events(tx)).toEqual(['INITIALIZE:true', 'AUTHORIZE:true']);
  });
});

describe('a session cancel voids the attempt that waits for the customer (item 19)', () => {
  for (const [kind, pass] of [
    ['3ds', 'complete'],
    ['wallet', 'approve'],
  ] as const) {
    it(`during the ${kind} page: voided at the provider, AUTHORIZATION_VOIDED with its VOID event and callback; the page then pays nothing`, async () => {
      const callbackUrl = `${merchant.url}/cb-${kind}?report_event=VOID`;
      const { sid, tx } = await waiting(kind, callbackUrl);
      const type = kind === '3ds' ? 'sandbox.creditcard' : 'sandbox.wallet';
      const voids = vi.spyOn(provider(type), 'void');
      const cancelled = await api.post(`/v1/sessions/${sid}/cancel`);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(voids).toHaveBeenCalledTimes(1);
      expect(voids.mock.calls[0]![0]).toMatchObject({ transactionId: tx, amount: 10000, currency: 'NOK' });
      const view = (await api.get(`/v1/transactions/${tx}`)).body;
      expect(view.status).toBe('AUTHORIZATION_VOIDED');
      expect(view.events.map((e: { event: string; success: boolean }) => `${e.event}:${e.success}`)).toEqual([
        'INITIALIZE:true',
        'VOID:true',
      ]);
      expect(view.events.at(-1)).toMatchObject({ amount: 10000, reason: 'session cancelled' });
      const ops = await db().selectFrom('sandbox_operations').select('kind').where('transaction_id', '=', tx).execute();
      expect(ops).toEqual([{ kind: 'VOID' }]);
      const [cb] = await merchant.waitFor((all) =>
        all.some((c) => c.url.startsWith(`/cb-${kind}`) && c.query.get('transaction_id') === tx),
      );
      expect(cb).toBeDefined();
      const voidCallback = merchant.received.find(
        (c) => c.url.startsWith(`/cb-${kind}`) && c.query.get('transaction_id') === tx,
      )!;
      expect(voidCallback.query.get('event')).toBe('VOID');
      expect(cancelled.body.events.at(-1)).toMatchObject({ name: 'CANCELLED', details: { transaction_id: tx } });

      const decisions = vi.spyOn(provider(type), 'completeCustomerAction');
      const back = await decide(sid, kind, tx, pass);
      expect(back).toEqual({ status: 302, location: `/?sid=${sid}&payment=${tx}&payment_error=SESSION_CANCELLED` });
      expect(decisions).not.toHaveBeenCalled();
      expect(await statusOf(tx)).toBe('AUTHORIZATION_VOIDED');
    });
  }

  it('a cancel while the page is being completed is 409 and changes nothing; after the approval, the cancel voids it once', async () => {
    const { sid, tx } = await waiting('3ds');
    const { spy, release } = holdIssuer();
    const completing = decide(sid, '3ds', tx, 'complete');
    await expect.poll(() => spy.mock.calls.length).toBe(1);
    const refused = await api.post(`/v1/sessions/${sid}/cancel`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('SESSION_PAYMENT_IN_PROGRESS');
    expect(await statusOf(tx)).toBe('INITIATED');
    release();
    expect(await completing).toEqual({ status: 302, location: `/?sid=${sid}&payment=${tx}` });
    expect(await statusOf(tx)).toBe('AUTHORIZED');
    const cancelled = await api.post(`/v1/sessions/${sid}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await statusOf(tx)).toBe('AUTHORIZATION_VOIDED');
    expect(await events(tx)).toEqual(['INITIALIZE:true', 'AUTHORIZE:true', 'VOID:true']);
  });

  it('a cancel whose void the provider refuses fails with its error and leaves the page able to finish', async () => {
    const { sid, tx } = await waiting('3ds');
    vi.spyOn(provider('sandbox.creditcard'), 'void').mockRejectedValueOnce(
      new AppError('PROVIDER_UNAVAILABLE', 'down'),
    );
    const refused = await api.post(`/v1/sessions/${sid}/cancel`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(await statusOf(tx)).toBe('INITIATED');
    expect(
      (await db().selectFrom('sessions').select('status').where('id', '=', sid).executeTakeFirstOrThrow()).status,
    ).toBe('OPEN');
    expect(await decide(sid, '3ds', tx, 'complete')).toEqual({ status: 302, location: `/?sid=${sid}&payment=${tx}` });
    expect(await statusOf(tx)).toBe('AUTHORIZED');
  });
});
