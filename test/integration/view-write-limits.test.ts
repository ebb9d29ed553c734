import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/config/env';
import { NORWEGIAN_CONTACT, type ApiClient } from '../support/api-client';
import { VISITS_RECORDED_PER_SESSION } from '../../server/sessions/get-view-session';
import { createSession, kassaForTest, useKassa, type KassaFixture } from '../support/fixtures';

/**
 * Issue 24 item 4: a session id alone must not let anyone store megabytes. The customer's writes
 * take only the documented address fields, bodies of a size a real address or code list needs,
 * a limited number of writes an hour per session, and a limited budget of stored event bytes.
 */

const WINDOW_SECONDS = 3600;
const envOf = (vars: Record<string, string>) => loadEnv(vars as NodeJS.ProcessEnv);
const put = (customer: ApiClient, sessionId: string, path: string, body: unknown) =>
  customer.request('PUT', `/v1/view/${sessionId}/session/order/${path}`, body);
const addresses = (customer: ApiClient, sessionId: string, postal = '0155') =>
  put(customer, sessionId, 'addresses', { shipping_address: { ...NORWEGIAN_CONTACT, postal_code: postal } });

/** Everything a customer write could have stored for the session. */
const stored = async (k: Pick<KassaFixture, 'db'>, sessionId: string) => ({
  session: await k.db().selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow(),
  events: await k
    .db()
    .selectFrom('session_events')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute(),
});

/** The bytes the session's events hold in details and request headers. */
const eventBytes = async (k: Pick<KassaFixture, 'db'>, sessionId: string) =>
  (await stored(k, sessionId)).events.reduce(
    (sum, e) => sum + Buffer.byteLength(e.details ?? '') + Buffer.byteLength(e.request_headers ?? ''),
    0,
  );

const expectRefused = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};

describe('addresses: only the documented fields', () => {
  const k = useKassa();

  it.each([
    ['addresses', (a: object) => ({ shipping_address: a })],
    ['addresses', (a: object) => ({ billing_address: a })],
    ['shipping_address', (a: object) => a],
  ] as const)(
    'PUT .../order/%s with an unknown address key is 400 naming the key, and stores nothing',
    async (path, bodyOf) => {
      const { id } = await createSession(k.api);
      const before = await stored(k, id);
      const res = await put(k.customer, id, path, bodyOf({ ...NORWEGIAN_CONTACT, x_blob: 'x'.repeat(900_000) }));
      expectRefused(res, 400, 'INVALID_REQUEST');
      expect(JSON.stringify(res.body.error.errors)).toContain('x_blob');
      expect(await stored(k, id)).toEqual(before);
    },
  );

  it('POST .../events/payment_information with an unknown address key is 400 and records no event', async () => {
    const { id } = await createSession(k.api);
    const before = await stored(k, id);
    const res = await k.customer.post(`/v1/view/${id}/session/events/payment_information`, {
      billing_address: NORWEGIAN_CONTACT,
      shipping_address: { ...NORWEGIAN_CONTACT, hidden: 'y'.repeat(100_000) },
      locale: 'nb-NO',
    });
    expectRefused(res, 400, 'INVALID_REQUEST');
    expect(await stored(k, id)).toEqual(before);
  });

  it('every documented OrderAddress field is still taken and stored', async () => {
    const { id } = await createSession(k.api);
    const full = {
      ...NORWEGIAN_CONTACT,
      address_line_2: 'Oppgang B',
      co_address: 'c/o Hansen',
      business_name: 'Nordmann AS',
      latitude: 59.9139,
      longitude: 10.7522,
      comment: 'Ring the bell\ntwice',
      organization_number: '123456789',
      organization_type: 'AS',
      customer_reference: 'PO-77',
      cost_center: 'CC-12',
    };
    const res = await put(k.customer, id, 'addresses', { shipping_address: full });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await k.api.get(`/v1/sessions/${id}`)).body.order.shipping_address).toEqual(full);
    const info = await k.customer.post(`/v1/view/${id}/session/events/payment_information`, {
      billing_address: full,
      shipping_address: full,
      locale: 'nb-NO',
    });
    expect(info.status, JSON.stringify(info.body)).toBe(204);
  });
});

describe('the size of a view body', () => {
  const k = useKassa();

  it('a shipping option body of 100 kB (extra fields the server would ignore) is refused with a clear 400; the real one is taken', async () => {
    const option = { id: 'home', line_id: 'ship-home', amount: 9900, title: 'Home delivery' };
    const { id } = await createSession(k.api, { express: { shipping_options: [option] } });
    const before = await stored(k, id);
    const big = await put(k.customer, id, 'shipping_option', { ...option, notes: 'n'.repeat(100_000) });
    expectRefused(big, 400, 'INVALID_REQUEST');
    expect(JSON.stringify(big.body.error.errors)).toMatch(/at most 16384 bytes/);
    expect(await stored(k, id)).toEqual(before);
    const ok = await put(k.customer, id, 'shipping_option', option);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('writes per session (KASSA_VIEW_WRITES_PER_SESSION)', () => {
  it('the default is a few hundred an hour, and 0 turns it off', () => {
    expect(envOf({}).KASSA_VIEW_WRITES_PER_SESSION).toBe(300);
    expect(envOf({ KASSA_VIEW_WRITES_PER_SESSION: '0' }).KASSA_VIEW_WRITES_PER_SESSION).toBe(0);
  });

  it('past the limit every write of the session is 429 with Retry-After and changes nothing; other sessions write; after the window it writes', async () => {
    const k = await kassaForTest({ env: { KASSA_VIEW_WRITES_PER_SESSION: '5' } });
    const { id } = await createSession(k.api);
    const other = (await createSession(k.api)).id;
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await addresses(k.customer, id, `01${50 + i}`)).status).toBe(200);
    const before = await stored(k, id);
    const refused = [
      await addresses(k.customer, id, '0199'),
      await k.customer.post(`/v1/view/${id}/session/events/payment_information`, {
        billing_address: NORWEGIAN_CONTACT,
        shipping_address: NORWEGIAN_CONTACT,
        locale: 'nb-NO',
      }),
    ];
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    for (const res of refused) {
      expectRefused(res, 429, 'TOO_MANY_REQUESTS');
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(wait).toBeGreaterThanOrEqual(WINDOW_SECONDS - elapsed - 1);
    }
    expect(await stored(k, id)).toEqual(before);
    expect((await addresses(k.customer, other)).status).toBe(200);

    // once the oldest write is an hour old, one more is allowed
    const rows = await k
      .db()
      .selectFrom('session_view_writes')
      .select(['id', 'created_at'])
      .where('session_id', '=', id)
      .orderBy('created_at')
      .execute();
    await k
      .db()
      .updateTable('session_view_writes')
      .set({ created_at: new Date(Date.parse(rows[0]!.created_at) - WINDOW_SECONDS * 1000).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();
    expect((await addresses(k.customer, id, '0199')).status).toBe(200);
    expectRefused(await addresses(k.customer, id, '0198'), 429, 'TOO_MANY_REQUESTS');
  });
});

describe("a session's event budget (KASSA_VIEW_EVENT_BYTES_PER_SESSION)", () => {
  it('the default is 512 KiB', () => {
    expect(envOf({}).KASSA_VIEW_EVENT_BYTES_PER_SESSION).toBe(524_288);
  });

  it("writes stop with 429 once the customer's events would pass the budget; what is stored stays within it", async () => {
    const budget = 20_000;
    const k = await kassaForTest({
      env: { KASSA_VIEW_EVENT_BYTES_PER_SESSION: String(budget), KASSA_VIEW_WRITES_PER_SESSION: '0' },
    });
    const { id } = await createSession(k.api);
    const initial = await eventBytes(k, id);
    const comment = 'c'.repeat(450);
    let accepted = 0;
    let last;
    for (let i = 0; i < 100; i++) {
      last = await put(k.customer, id, 'addresses', {
        shipping_address: { ...NORWEGIAN_CONTACT, comment: `${i} ${comment}` },
      });
      if (last.status !== 200) break;
      accepted++;
    }
    expect(accepted).toBeGreaterThan(3);
    expect(accepted).toBeLessThan(100);
    expectRefused(last!, 429, 'TOO_MANY_REQUESTS');
    expect(await eventBytes(k, id)).toBeLessThanOrEqual(initial + budget);
    const before = await stored(k, id);
    expectRefused(await addresses(k.customer, id), 429, 'TOO_MANY_REQUESTS');
    expect(await stored(k, id)).toEqual(before);
    // the session can still be read and paid: only the customer's writes are refused
    expect((await k.customer.get(`/v1/view/${id}/session`)).status).toBe(200);
  });
});

describe('page loads without the checkout cookie (VISITED)', () => {
  const k = useKassa();

  it(`record at most ${VISITS_RECORDED_PER_SESSION} VISITED events per session, however often the page is loaded; each load is still answered`, async () => {
    const { id } = await createSession(k.api);
    // no cookie jar: every load is a "first visit", and each carries 8 kB of headers that VISITED would store
    for (let i = 0; i < VISITS_RECORDED_PER_SESSION + 30; i++) {
      const res = await fetch(`${k.srv.baseUrl}/v1/view/${id}/session`, { headers: { 'x-padding': 'p'.repeat(8000) } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const visits = (await stored(k, id)).events.filter((e) => e.name === 'VISITED');
    expect(visits).toHaveLength(VISITS_RECORDED_PER_SESSION);
  });
});
