import { describe, expect, it } from 'vitest';
import { ApiClient, card, payBody } from '../support/api-client';
import { ACCOUNT } from '../support/test-server';
import { clockPast, createSession, otherId, useKassa } from '../support/fixtures';

const OTHER_ACCOUNT = 'T20000002';

const { srv, api, other, customer } = useKassa({ other: true });

const PAY = payBody(card('4111111111111111'));

interface Listed {
  id: string;
  created_at: string;
  order: { merchant_reference: string };
  transaction_id?: string;
  events: { name: string; created_at: string }[];
}

let seq = 0;
/** A token unique to one test, used in merchant references so a search finds only that test's sessions. */
const tag = (name: string) => `${name}${Date.now().toString(36)}x${++seq}`;

const create = async (
  client: ApiClient,
  order: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
) => (await createSession(client, overrides, order)).id;
/** Creates a session, then waits until the clock has moved past its created_at (so the next one is strictly newer). */
const createInTurn = async (client: ApiClient, order: Record<string, unknown> = {}) => {
  const id = await create(client, order);
  await clockPast(
    (
      await srv.kassa.ctx.database.db
        .selectFrom('sessions')
        .select('created_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).created_at,
  );
  return id;
};
const list = async (query: string, client = api) => {
  const res = await client.get<Listed[]>(`/v1/sessions?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ids = (sessions: Listed[]) => sessions.map((s) => s.id);
const q = encodeURIComponent;

describe('GET /v1/sessions filters', () => {
  it('search matches merchant_reference, case-insensitively and by substring', async () => {
    const t = tag('Ref');
    const a = await create(api, { merchant_reference: `ORDER-${t}-A` });
    const b = await create(api, { merchant_reference: `order-${t}-b` });
    await create(api, { merchant_reference: `unrelated-${tag('z')}` });
    expect(ids(await list(`search=${q(t.toLowerCase())}`)).sort()).toEqual([a, b].sort());
    expect(ids(await list(`search=${q(t.toUpperCase())}`)).sort()).toEqual([a, b].sort());
    expect(ids(await list(`search=${q(`${t}-a`)}`))).toEqual([a]);
  });

  it('search matches order.merchant_reference_2', async () => {
    const t = tag('second');
    const id = await create(api, { merchant_reference_2: `Invoice-${t}` });
    expect(ids(await list(`search=${q(`INVOICE-${t.toUpperCase()}`)}`))).toEqual([id]);
  });

  it("search matches the customer's first and last name, also across the space between them", async () => {
    const last = tag('Lovelace');
    const id = await create(api, {}, { customer: { first_name: 'Ada', last_name: last, email: 'ada@example.com' } });
    expect(ids(await list(`search=${q(last.toLowerCase())}`))).toEqual([id]);
    expect(ids(await list(`search=${q(`ada ${last.toUpperCase()}`)}`))).toEqual([id]);
    expect(ids(await list(`search=${q(`Bob ${last}`)}`))).toEqual([]);
  });

  it('search treats % and _ literally', async () => {
    const t = tag('pct');
    const literal = await create(api, { merchant_reference: `${t}-50%_off` });
    await create(api, { merchant_reference: `${t}-50xyoff` });
    expect(ids(await list(`search=${q(`${t}-50%_off`)}`))).toEqual([literal]);
    expect(ids(await list(`search=${q(`${t}-50%`)}`))).toEqual([literal]);
  });

  it('merchant_reference matches exactly', async () => {
    const ref = tag('exact');
    const id = await create(api, { merchant_reference: ref });
    await create(api, { merchant_reference: `${ref}-longer` });
    expect(ids(await list(`merchant_reference=${q(ref)}`))).toEqual([id]);
    expect(ids(await list(`merchant_reference=${q(ref.toUpperCase())}`))).toEqual([]);
  });

  it('transaction_id finds the session that was paid with that transaction', async () => {
    const paidId = await create(api);
    await create(api);
    const paid = await customer.post(`/v1/sessions/${paidId}/pay`, PAY);
    expect(paid.status).toBe(200);
    expect(paid.body.success).toBe(true);
    const txId = paid.body.transaction_id as string;
    const found = await list(`transaction_id=${q(txId)}`);
    expect(ids(found)).toEqual([paidId]);
    expect(found[0]!.transaction_id).toBe(txId);
    expect(await list(`transaction_id=${q(otherId(txId))}`)).toEqual([]);
  });

  it('created_at.gte and created_at.lte bound the creation time, both inclusive, in any time zone offset', async () => {
    const t = tag('window');
    const made: Listed[] = [];
    for (let i = 0; i < 3; i++) {
      await createInTurn(api, { merchant_reference: `${t}-${i}` });
    }
    made.push(...(await list(`search=${t}&limit=100`)).reverse()); // oldest first
    expect(made.map((s) => s.order.merchant_reference)).toEqual([`${t}-0`, `${t}-1`, `${t}-2`]);
    const [first, middle, last] = made as [Listed, Listed, Listed];
    expect(ids(await list(`search=${t}&created_at.gte=${q(middle.created_at)}`)).sort()).toEqual(
      [middle.id, last.id].sort(),
    );
    expect(ids(await list(`search=${t}&created_at.lte=${q(middle.created_at)}`)).sort()).toEqual(
      [first.id, middle.id].sort(),
    );
    expect(
      ids(await list(`search=${t}&created_at.gte=${q(middle.created_at)}&created_at.lte=${q(middle.created_at)}`)),
    ).toEqual([middle.id]);
    // the same instant written with a +02:00 offset
    const shifted = new Date(Date.parse(middle.created_at) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(ids(await list(`search=${t}&created_at.gte=${q(shifted)}`)).sort()).toEqual([middle.id, last.id].sort());
    expect(await list(`search=${t}&created_at.gte=${q(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  it('a created_at bound that is not an ISO 8601 date-time is 400', async () => {
    for (const query of ['created_at.gte=yesterday', 'created_at.lte=2024-13-45T00:00:00Z']) {
      const res = await api.get(`/v1/sessions?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('filters combine: search with merchant_reference narrows to both', async () => {
    const t = tag('combo');
    const a = await create(api, { merchant_reference: `${t}-a` });
    await create(api, { merchant_reference: `${t}-b` });
    expect(ids(await list(`search=${t}&merchant_reference=${q(`${t}-a`)}`))).toEqual([a]);
    expect(ids(await list(`search=${tag('nothing')}&merchant_reference=${q(`${t}-a`)}`))).toEqual([]);
  });

  it('includes=events.latest returns exactly one event per session, the latest', async () => {
    const t = tag('latest');
    const visited = await create(api, { merchant_reference: `${t}-visited` });
    const fresh = await create(api, { merchant_reference: `${t}-fresh` });
    expect((await customer.get(`/v1/view/${visited}/session`)).status).toBe(200);
    const full = (await api.get(`/v1/sessions/${visited}`)).body.events.map((e: { name: string }) => e.name);
    expect(full).toEqual(['INITIATED', 'VISITED']);
    const found = await list(`search=${t}&includes=events.latest`);
    const byId = Object.fromEntries(found.map((s) => [s.id, s]));
    expect(byId[visited]!.events.map((e) => e.name)).toEqual(['VISITED']);
    expect(byId[fresh]!.events.map((e) => e.name)).toEqual(['INITIATED']);
  });

  it('an unknown includes value is 400', async () => {
    const res = await api.get('/v1/sessions?includes=events.all');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('GET /v1/sessions paging', () => {
  it('returns 10 sessions by default, newest first, and up to 100 with limit', async () => {
    const t = tag('page');
    for (let i = 0; i < 12; i++) {
      await createInTurn(api, { merchant_reference: `${t}-${i}` }); // distinct created_at, so newest-first is creation order
    }
    const page = await list(`search=${t}`);
    expect(page).toHaveLength(10);
    expect(page.map((s) => s.order.merchant_reference)).toEqual(Array.from({ length: 10 }, (_, i) => `${t}-${11 - i}`));
    expect(await list(`search=${t}&limit=100`)).toHaveLength(12);
    expect(await list(`search=${t}&limit=3`)).toHaveLength(3);
    const all = await list('limit=100');
    const times = all.map((s) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a limit above 100, below 1 or not a whole number is 400', async () => {
    for (const limit of ['101', '0', '-1', '5.5', 'ten']) {
      const res = await api.get(`/v1/sessions?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('starting_after continues after the given session; pages do not overlap or skip', async () => {
    const t = tag('cursor');
    for (let i = 0; i < 9; i++) await create(api, { merchant_reference: `${t}-${i}` });
    const whole = ids(await list(`search=${t}&limit=100`));
    expect(whole).toHaveLength(9);
    const paged: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await list(`search=${t}&limit=4${cursor ? `&starting_after=${q(cursor)}` : ''}`);
      if (page.length === 0) break;
      paged.push(...ids(page));
      cursor = page[page.length - 1]!.id;
    }
    expect(paged).toEqual(whole);
    expect(ids(await list(`search=${t}&limit=2&starting_after=${q(whole[3]!)}`))).toEqual(whole.slice(4, 6));
  });

  it('sessions created in the same instant are paged in a stable order, each exactly once', async () => {
    const t = tag('tie');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await create(api, { merchant_reference: `${t}-${i}` }));
    const instant = new Date(Date.now() - 1000).toISOString();
    await srv.kassa.ctx.database.db
      .updateTable('sessions')
      .set({ created_at: instant })
      .where('id', 'in', made)
      .execute();
    const whole = ids(await list(`search=${t}&limit=100`));
    expect([...whole].sort()).toEqual([...made].sort());
    expect(ids(await list(`search=${t}&limit=100`))).toEqual(whole);
    const paged: string[] = [];
    let cursor = '';
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const page = await list(`search=${t}&limit=2${cursor ? `&starting_after=${q(cursor)}` : ''}`);
      if (page.length === 0) break;
      paged.push(...ids(page));
      cursor = page[page.length - 1]!.id;
    }
    expect(paged).toEqual(whole);
  });

  it("a starting_after that is not a session of the caller's account is 400", async () => {
    const theirs = await create(other);
    for (const cursor of [theirs, `${ACCOUNT}.zzzzzzzzzzzzzzzzzzzzzz`]) {
      const res = await api.get(`/v1/sessions?starting_after=${q(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('paging while new sessions are being created returns every earlier session exactly once', async () => {
    const t = tag('busy');
    const before: string[] = [];
    for (let i = 0; i < 25; i++) {
      before.push(await createInTurn(api, { merchant_reference: `${t}-old-${i}` }));
    }

    let creating = true;
    const created: string[] = [];
    const creator = (async () => {
      let i = 0;
      while (creating) {
        const batch = await Promise.all(
          Array.from({ length: 3 }, () => create(api, { merchant_reference: `${t}-new-${i++}` })),
        );
        created.push(...batch);
      }
    })();

    const seen: string[] = [];
    let cursor = '';
    try {
      for (let pageNo = 0; pageNo < 100; pageNo++) {
        const page = await list(`search=${t}&limit=4${cursor ? `&starting_after=${q(cursor)}` : ''}`);
        expect(page.length).toBeLessThanOrEqual(4);
        if (page.length === 0) break;
        seen.push(...ids(page));
        cursor = page[page.length - 1]!.id;
        // newer sessions exist before the second page is read, and keep appearing while paging
        const createdSoFar = created.length;
        await expect.poll(() => created.length).toBeGreaterThan(createdSoFar);
      }
    } finally {
      creating = false;
      await creator;
    }
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length); // no duplicates
    for (const id of before) expect(seen.filter((s) => s === id)).toHaveLength(1); // no gaps
    expect(seen.slice(-before.length)).toEqual([...before].reverse()); // newest first, stable
  });
});

describe("GET /v1/sessions lists only the caller's account", () => {
  it("another account's sessions never appear, whatever the filter", async () => {
    const t = tag('mine');
    const mine = await create(api, { merchant_reference: `${t}-shared` });
    const theirs = await create(other, { merchant_reference: `${t}-shared` });
    const paid = await customer.post(`/v1/sessions/${theirs}/pay`, PAY);
    expect(paid.body.success).toBe(true);

    expect(ids(await list(`search=${t}`))).toEqual([mine]);
    expect(ids(await list(`merchant_reference=${q(`${t}-shared`)}`))).toEqual([mine]);
    expect(await list(`transaction_id=${q(paid.body.transaction_id)}`)).toEqual([]);
    expect(ids(await list('limit=100'))).not.toContain(theirs);
    expect(ids(await list(`search=${t}`, other))).toEqual([theirs]);
    expect(ids(await list('limit=100', other)).every((id) => id.startsWith(`${OTHER_ACCOUNT}.`))).toBe(true);
  });

  it('listing needs a token with a read scope', async () => {
    expect((await new ApiClient(srv.baseUrl).get('/v1/sessions')).status).toBe(401);
  });
});
