import { describe, expect, it } from 'vitest';
import { cardPay, cardTransaction, invoiceTransaction, reference, snapshot } from '../support/transaction-helpers';
import { futureExpiryDate } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { srv, api, other, customer } = useKassa({ other: true });

const db = () => srv.kassa.ctx.database.db;
const setCreatedAt = (id: string, createdAt: string) =>
  db().updateTable('transactions').set({ created_at: createdAt }).where('id', '=', id).execute();
/** GET /v1/transactions with a raw query string; returns the ids in the order listed. */
const list = async (query: string) => {
  const res = await api.get(`/v1/transactions?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }[]).map((t) => t.id);
};
const sorted = (ids: string[]) => [...ids].sort();

describe('PUT /v1/transactions/{id}', () => {
  it('sets merchant_reference_2, which the transaction then shows and the list filters on', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const ref2 = reference('ref2');
    const res = await api.request('PUT', `/v1/transactions/${transactionId}`, { merchant_reference_2: ref2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: transactionId, merchant_reference_2: ref2, status: 'AUTHORIZED' });
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.merchant_reference_2).toBe(ref2);
    expect(await list(`merchant_reference_2=${ref2}`)).toEqual([transactionId]);
    const again = await api.request('PUT', `/v1/transactions/${transactionId}`, { merchant_reference_2: `${ref2}-b` });
    expect(again.body.merchant_reference_2).toBe(`${ref2}-b`);
    expect(await list(`merchant_reference_2=${ref2}`)).toEqual([]);
  });

  it('accepts only merchant_reference_2: any other field, or none, is 400 and changes nothing', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const before = await snapshot(srv, api, transactionId);
    for (const body of [
      {},
      { merchant_reference_2: '' },
      { merchant_reference_2: 5 },
      { merchant_reference: 'x' },
      { merchant_reference_2: 'ok', amount: 1 },
      { status: 'CAPTURED' },
      { merchant_reference_2: 'x'.repeat(256) },
    ]) {
      const res = await api.request('PUT', `/v1/transactions/${transactionId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(await snapshot(srv, api, transactionId)).toEqual(before);
    const missing = await api.request('PUT', '/v1/transactions/T10000001.zzzzzzzzzzzzzzzzzzzzzz', {
      merchant_reference_2: 'x',
    });
    expect(missing.status).toBe(404);
    const foreign = await other.request('PUT', `/v1/transactions/${transactionId}`, { merchant_reference_2: 'x' });
    expect(foreign.status).toBe(404);
    expect(await snapshot(srv, api, transactionId)).toEqual(before);
  });
});

describe('GET /v1/transactions filters', () => {
  it('ids and id, repeated or comma-separated, select exactly those transactions', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await cardTransaction(api, customer)).transactionId));
    const [a, b, c] = ids as [string, string, string];
    expect(sorted(await list(`ids=${a}&ids=${b}`))).toEqual(sorted([a, b]));
    expect(sorted(await list(`ids=${a},${c}`))).toEqual(sorted([a, c]));
    expect(await list(`id=${b}`)).toEqual([b]);
    expect(sorted(await list(`id=${b},${c}`))).toEqual(sorted([b, c]));
    expect(sorted(await list(`id=${a}&ids=${c}`))).toEqual(sorted([a, c]));
    expect(await list('ids=T10000001.zzzzzzzzzzzzzzzzzzzzzz')).toEqual([]);
  });

  it('status takes several values, repeated or comma-separated; an unknown status is 400', async () => {
    const authorized = (await cardTransaction(api, customer)).transactionId;
    const captured = (await cardTransaction(api, customer)).transactionId;
    await api.post(`/v1/transactions/${captured}/capture`, { amount: 10000 });
    const voided = (await cardTransaction(api, customer)).transactionId;
    await api.post(`/v1/transactions/${voided}/void`);
    const declined = (await cardTransaction(api, customer, { card: '4000000000000002' })).transactionId;
    const all = `ids=${[authorized, captured, voided, declined].join(',')}`;
    expect(await list(`${all}&status=AUTHORIZED`)).toEqual([authorized]);
    expect(sorted(await list(`${all}&status=CAPTURED&status=AUTHORIZATION_VOIDED`))).toEqual(
      sorted([captured, voided]),
    );
    expect(sorted(await list(`${all}&status=CAPTURED,DECLINED`))).toEqual(sorted([captured, declined]));
    expect(await list(`${all}&status=REFUNDED`)).toEqual([]);
    const bad = await api.get(`/v1/transactions?status=PAID`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_REQUEST');
  });

  it('payment_product_type, card_brand, merchant_reference, payout_destination_id and session_id', async () => {
    const visa = await cardTransaction(api, customer, { order: { payout_destination_id: 'seller-1' } });
    const master = await cardTransaction(api, customer, {
      card: '5555555555554444',
      order: { merchant_reference_2: 'mr2-master', payout_destination_id: 'seller-2' },
    });
    const invoice = await invoiceTransaction(api, { order: { payout_destination_id: 'seller-1' } });
    const all = `ids=${[visa, master, invoice].map((t) => t.transactionId).join(',')}`;

    expect(await list(`${all}&payment_product_type=sandbox.invoice`)).toEqual([invoice.transactionId]);
    expect(sorted(await list(`${all}&payment_product_type=sandbox.creditcard`))).toEqual(
      sorted([visa.transactionId, master.transactionId]),
    );
    expect(sorted(await list(`${all}&payment_product_type=sandbox.creditcard,sandbox.invoice`))).toHaveLength(3);
    expect(await list(`${all}&card_brand=Visa`)).toEqual([visa.transactionId]);
    expect(await list(`${all}&card_brand=MasterCard`)).toEqual([master.transactionId]);
    expect(sorted(await list(`${all}&card_brand=Visa&card_brand=MasterCard`))).toEqual(
      sorted([visa.transactionId, master.transactionId]),
    );
    expect((await api.get(`/v1/transactions/${master.transactionId}`)).body.card.brand).toBe('MasterCard');
    expect(await list(`merchant_reference=${visa.order.merchant_reference}`)).toEqual([visa.transactionId]);
    expect(await list('merchant_reference_2=mr2-master')).toEqual([master.transactionId]);
    expect(sorted(await list(`${all}&payout_destination_id=seller-1`))).toEqual(
      sorted([visa.transactionId, invoice.transactionId]),
    );
    expect(await list(`${all}&payout_destination_id=seller-2`)).toEqual([master.transactionId]);
    expect(await list(`session_id=${master.sessionId}`)).toEqual([master.transactionId]);
    expect(sorted(await list(`session_id=${visa.sessionId},${invoice.sessionId}`))).toEqual(
      sorted([visa.transactionId, invoice.transactionId]),
    );
    expect(sorted(await list(`session_id=${visa.sessionId}&session_id=${master.sessionId}`))).toEqual(
      sorted([visa.transactionId, master.transactionId]),
    );
    // Filters combine with AND.
    expect(await list(`${all}&payout_destination_id=seller-1&card_brand=Visa`)).toEqual([visa.transactionId]);
  });

  it('lists every transaction of a session, the declined attempt included', async () => {
    const created = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/r' },
      order: { amount: 500, currency: 'NOK', merchant_reference: reference() },
    });
    const declined = await customer.post(`/v1/sessions/${created.body.id}/pay`, cardPay('4000000000000002'));
    const approved = await customer.post(`/v1/sessions/${created.body.id}/pay`, cardPay('4111111111111111'));
    expect(sorted(await list(`session_id=${created.body.id}`))).toEqual(
      sorted([declined.body.transaction_id, approved.body.transaction_id]),
    );
    expect(await list(`session_id=${created.body.id}&status=DECLINED`)).toEqual([declined.body.transaction_id]);
  });

  it('created_at ranges: no timezone means UTC, and an end date yyyy-mm-dd includes that whole day', async () => {
    const times = [
      '2001-03-09T23:59:59.999Z',
      '2001-03-10T00:00:00.000Z',
      '2001-03-10T12:00:00.000Z',
      '2001-03-10T23:59:59.999Z',
      '2001-03-11T00:00:00.000Z',
    ];
    const ids: string[] = [];
    for (const t of times) {
      const { transactionId } = await cardTransaction(api, customer);
      await setCreatedAt(transactionId, t);
      ids.push(transactionId);
    }
    const [before, midnight, noon, lastMs, nextDay] = ids as [string, string, string, string, string];
    // Newest first.
    expect(await list('created_at.gte=2001-01-01&created_at.lte=2001-12-31')).toEqual([
      nextDay,
      lastMs,
      noon,
      midnight,
      before,
    ]);
    expect(await list('created_at.gte=2001-03-10&created_at.lte=2001-03-10')).toEqual([lastMs, noon, midnight]);
    expect(await list('created_at.gte=2001-01-01&created_at.lte=2001-03-09')).toEqual([before]);
    expect(await list('created_at.gte=2001-03-10T12:00:00&created_at.lte=2001-12-31')).toEqual([nextDay, lastMs, noon]);
    expect(await list('created_at.gte=2001-01-01&created_at.lte=2001-03-10T12:00:00')).toEqual([
      noon,
      midnight,
      before,
    ]);
    // An explicit offset is honoured: 14:00+02:00 is 12:00 UTC.
    expect(
      await list(`created_at.gte=${encodeURIComponent('2001-03-10T14:00:00+02:00')}&created_at.lte=2001-12-31`),
    ).toEqual([nextDay, lastMs, noon]);
    expect(await list('created_at.gte=2001-01-01&created_at.lte=2001-03-10T11:59:59.999Z')).toEqual([midnight, before]);
    // An end with a time is exact: 23:59:59 is before 23:59:59.999.
    expect(await list('created_at.gte=2001-03-10T00:00:00Z&created_at.lte=2001-03-10T23:59:59')).toEqual([
      noon,
      midnight,
    ]);
    expect(await list('created_at.gte=2001-03-11&created_at.lte=2001-03-11')).toEqual([nextDay]);
    for (const bad of [
      'created_at.gte=yesterday',
      'created_at.lte=2001-13',
      'created_at.gte=10/03/2001',
      'created_at.gte=2001-13-01',
      'created_at.lte=2001-03-10T99:99:99',
      'created_at.lte=2001-03-10T1:2',
      'created_at.gte=2001-03-10T10:00:00%2B25:00',
    ]) {
      const res = await api.get(`/v1/transactions?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('limit defaults to 10 and is at most 100; starting_after pages through every transaction once, newest first', async () => {
    const shared = reference('paged');
    const ids: string[] = [];
    for (let i = 0; i < 13; i++)
      ids.push((await cardTransaction(api, customer, { order: { merchant_reference: shared } })).transactionId);
    // Several with the very same created_at: the id breaks the tie, so paging neither skips nor repeats.
    for (const [i, id] of ids.entries())
      await setCreatedAt(id, i < 7 ? '2002-05-05T10:00:00.000Z' : `2002-05-05T10:00:0${i - 6}.000Z`);

    const everything = await list(`merchant_reference=${shared}&limit=100`);
    expect(sorted(everything)).toEqual(sorted(ids));
    expect(everything.slice(0, 6)).toEqual(ids.slice(7).reverse());
    expect(await list(`merchant_reference=${shared}`)).toEqual(everything.slice(0, 10));

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`merchant_reference=${shared}&limit=4${cursor ? `&starting_after=${cursor}` : ''}`);
      pages.push(page);
      cursor = page.length === 4 ? page.at(-1) : undefined;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 1]);
    expect(pages.flat()).toEqual(everything);

    for (const bad of ['limit=0', 'limit=101', 'limit=ten', 'starting_after=T10000001.zzzzzzzzzzzzzzzzzzzzzz']) {
      const res = await api.get(`/v1/transactions?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await api.get('/v1/transactions?limit=100')).status).toBe(200);
  });

  it('includes=events.success.true leaves out failed events; without it they are listed', async () => {
    const { transactionId } = await cardTransaction(api, customer, { card: '4000000000000002' });
    const [full] = (await api.get(`/v1/transactions?ids=${transactionId}`)).body;
    expect(full.events.map((e: { event: string; success: boolean }) => [e.event, e.success])).toEqual([
      ['INITIALIZE', true],
      ['AUTHORIZE', false],
    ]);
    const [ok] = (await api.get(`/v1/transactions?ids=${transactionId}&includes=events.success.true`)).body;
    expect(ok.events.map((e: { event: string }) => e.event)).toEqual(['INITIALIZE']);
    expect((await api.get('/v1/transactions?includes=session')).status).toBe(400);
  });

  it("another account's transactions are never listed or shown", async () => {
    const { transactionId, sessionId } = await cardTransaction(api, customer);
    expect((await other.get(`/v1/transactions?ids=${transactionId}`)).body).toEqual([]);
    expect((await other.get(`/v1/transactions?session_id=${sessionId}`)).body).toEqual([]);
    expect((await other.get(`/v1/transactions/${transactionId}`)).status).toBe(404);
  });
});

describe('GET /v1/transactions/{id} includes', () => {
  it('card.payment_token and card.recurrence_token add the tokens of a payment-token session, and only when asked', async () => {
    const created = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://merchant.example/saved' },
        order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
      },
      token_provider: {
        payment_product_type: 'sandbox.creditcard',
        token_types: ['payment_token', 'recurrence_token'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const saved = await customer.post(`/v1/sessions/${created.body.id}/pay`, cardPay('4111111111111111'));
    const id = saved.body.transaction_id;
    const plain = (await api.get(`/v1/transactions/${id}`)).body;
    expect(plain.card).toEqual({
      brand: 'Visa',
      masked_pan: '************1111',
      expiry_date: futureExpiryDate(),
      type: 'Credit',
      country: 'NOR',
      issuing_bank: 'Kassa Sandbox Bank',
      product_platform: 'consumer',
      region: 'domestic',
      payment_token_id: expect.stringMatching(/^ptid_/),
      recurrence_token_id: expect.stringMatching(/^rtid_/),
      card_holder_tokenization_consent: 'opt_in',
    });
    const withPayment = (await api.get(`/v1/transactions/${id}?includes=card.payment_token`)).body;
    expect(withPayment.card).toEqual({ ...plain.card, payment_token: expect.stringMatching(/^sbx_pt_/) });
    const withBoth = (
      await api.get(`/v1/transactions/${id}?includes=card.payment_token&includes=card.recurrence_token`)
    ).body;
    expect(withBoth.card).toEqual({
      ...plain.card,
      payment_token: withPayment.card.payment_token,
      recurrence_token: expect.stringMatching(/^sbx_rt_/),
    });
    expect(
      (await api.get(`/v1/transactions/${id}?includes=card.recurrence_token`)).body.card.payment_token,
    ).toBeUndefined();
    // An ordinary payment has no tokens to include; the list never carries them.
    const { transactionId } = await cardTransaction(api, customer);
    expect(
      (await api.get(`/v1/transactions/${transactionId}?includes=card.payment_token,card.recurrence_token`)).body.card,
    ).toEqual({
      ...plain.card,
      payment_token_id: undefined,
      recurrence_token_id: undefined,
      card_holder_tokenization_consent: 'opt_out',
    });
    expect((await api.get(`/v1/transactions?ids=${id}`)).body[0].card).toEqual(plain.card);
  });

  it('session adds the whole session; session.events.latest adds it with only its latest event', async () => {
    const { transactionId, sessionId } = await cardTransaction(api, customer);
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.session).toBeUndefined();
    const session = (await api.get(`/v1/sessions/${sessionId}`)).body;
    const full = (await api.get(`/v1/transactions/${transactionId}?includes=session`)).body;
    expect(full.session).toMatchObject({ id: sessionId, transaction_id: transactionId, order: session.order });
    expect(full.session.events).toEqual(session.events);
    expect(session.events.length).toBeGreaterThan(1);
    const latest = (await api.get(`/v1/transactions/${transactionId}?includes=session.events.latest`)).body;
    expect(latest.session).toMatchObject({ id: sessionId });
    expect(latest.session.events).toEqual([session.events.at(-1)]);
  });

  it("events.request_headers adds each event's request headers with credentials redacted", async () => {
    const { transactionId } = await cardTransaction(api, customer);
    await api.post(
      `/v1/transactions/${transactionId}/capture`,
      { amount: 100 },
      { 'x-shop-note': 'packing', 'x-api-key': 'secret-key' },
    );
    expect(
      (await api.get(`/v1/transactions/${transactionId}`)).body.events.every((e: object) => !('request_headers' in e)),
    ).toBe(true);
    const tx = (await api.get(`/v1/transactions/${transactionId}?includes=events.request_headers`)).body;
    const captureEvent = tx.events.find((e: { event: string }) => e.event === 'CAPTURE');
    expect(captureEvent.request_headers).toMatchObject({
      'x-shop-note': 'packing',
      authorization: '[REDACTED]',
      'x-api-key': '[REDACTED]',
    });
    expect(JSON.stringify(tx)).not.toContain('secret-key');
    expect(JSON.stringify(tx)).not.toMatch(/Bearer /);
    expect(tx.events.every((e: { request_headers?: object }) => e.request_headers !== undefined)).toBe(true);
  });

  it('events.success.true keeps only successful events', async () => {
    const { sessionId } = await cardTransaction(api, customer, { card: '4000000000009995' });
    const [declined] = (await api.get(`/v1/transactions?session_id=${sessionId}`)).body;
    expect(
      (await api.get(`/v1/transactions/${declined.id}`)).body.events.map((e: { success: boolean }) => e.success),
    ).toEqual([true, false]);
    expect(
      (await api.get(`/v1/transactions/${declined.id}?includes=events.success.true`)).body.events.map(
        (e: { event: string }) => e.event,
      ),
    ).toEqual(['INITIALIZE']);
  });

  it('initiating_system_request_headers adds the headers of the request that created the session, credentials redacted', async () => {
    const created = await api.post(
      '/v1/sessions',
      {
        url: { return_url: 'https://merchant.example/r' },
        order: { amount: 700, currency: 'NOK', merchant_reference: reference() },
      },
      { 'kassa-system-name': 'shopware', 'kassa-system-version': '6.5' },
    );
    const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, cardPay('4111111111111111'));
    const id = paid.body.transaction_id;
    expect((await api.get(`/v1/transactions/${id}`)).body.initiating_system_request_headers).toBeUndefined();
    const tx = (await api.get(`/v1/transactions/${id}?includes=initiating_system_request_headers`)).body;
    expect(tx.initiating_system_request_headers).toMatchObject({
      'kassa-system-name': 'shopware',
      'kassa-system-version': '6.5',
      authorization: '[REDACTED]',
    });
  });

  it('every include at once, comma-separated; an unknown include is 400', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const all =
      'card.payment_token,card.recurrence_token,session,session.events.latest,events.request_headers,events.success.true,initiating_system_request_headers';
    const res = await api.get(`/v1/transactions/${transactionId}?includes=${all}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: transactionId,
      session: { id: expect.any(String) },
      initiating_system_request_headers: expect.any(Object),
    });
    expect(res.body.events[0].request_headers).toBeDefined();
    const bad = await api.get(`/v1/transactions/${transactionId}?includes=card.cvc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_REQUEST');
  });
});
