import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { OTHER, useKassa } from '../support/fixtures';

/** The list runs in the OTHER account, which holds only what this file creates. */
const { srv } = useKassa({ other: true });
const USERS = `/v1/accounts/${OTHER.accountId}/customers/users`;

let api: ApiClient;
const ids = (res: { body: { customer_id: string }[] }) => res.body.map((c) => c.customer_id);
const list = (query = '') => api.get(`${USERS}?limit=100${query}`);

const PEOPLE = [
  {
    customer_id: 'ola',
    first_name: 'Ola',
    last_name: 'Nordmann',
    email: 'Ola.Nordmann@Example.com',
    phone_number: '+4791111111',
  },
  {
    customer_id: 'kari',
    first_name: 'Kari',
    last_name: 'Nordby',
    email: 'kari@example.com',
    phone_number: '+4792222222',
  },
  {
    customer_id: 'ÅSE-1',
    first_name: 'Åse',
    last_name: 'Ødegård',
    email: 'ase@example.no',
    phone_number: '4793333333',
  },
  { customer_id: 'per_100%', first_name: 'Per', last_name: 'Hansen', email: 'per@example.com' },
  {
    customer_id: 'emp-1',
    type: 'employee',
    first_name: 'Olav',
    last_name: 'Ansatt',
    email: 'ola.nordmann@example.com',
  },
  {
    customer_id: 'contact-1',
    type: 'contact',
    first_name: 'Olga',
    last_name: 'Kontakt',
    contact_for: [{ customer_id: 'ola' }],
  },
  { customer_id: 'firm-1', type: 'company', company: { bussiness_name: 'Nordic AS' }, email: 'post@nordic.example' },
  { customer_id: 'gone', first_name: 'Olea', last_name: 'Deleted', email: 'gone@example.com' },
];

beforeAll(async () => {
  api = await ApiClient.login(srv.baseUrl, OTHER.accountId, OTHER.clientId, OTHER.clientSecret);
  for (const person of PEOPLE) expect((await api.post(USERS, person)).status).toBe(200);
  expect((await api.request('DELETE', `${USERS}/gone`)).status).toBe(200);
});

describe('listing customers', () => {
  it('returns the non-contact, non-deleted customers oldest first as a bare array', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(['ola', 'kari', 'ÅSE-1', 'per_100%', 'emp-1', 'firm-1']);
    expect(res.headers.get('paging_token')).toBeNull();
    expect(res.headers.get('total-count')).toBeNull();
  });

  it('type filters one type; contacts only with type=contact or type=any', async () => {
    expect(ids(await list('&type=employee'))).toEqual(['emp-1']);
    expect(ids(await list('&type=company'))).toEqual(['firm-1']);
    expect(ids(await list('&type=contact'))).toEqual(['contact-1']);
    expect(ids(await list('&type=customer'))).toEqual(['ola', 'kari', 'ÅSE-1', 'per_100%']);
    expect(ids(await list('&type=any'))).toEqual(['ola', 'kari', 'ÅSE-1', 'per_100%', 'emp-1', 'contact-1', 'firm-1']);
    expect((await list('&type=robot')).status).toBe(400);
  });

  it('search is a case-insensitive prefix match on first name, last name, full name, phone, customer_id or email', async () => {
    expect(ids(await list('&search=OLA'))).toEqual(['ola', 'emp-1']); // first name Ola, customer_id ola, email ola.nordmann@
    expect(ids(await list('&search=ola&type=any'))).toEqual(['ola', 'emp-1']); // Olga does not start with "ola"
    expect(ids(await list('&search=nord'))).toEqual(['ola', 'kari', 'firm-1']); // last names, and the company's bussiness_name
    expect(ids(await list('&search=nordic%20a'))).toEqual(['firm-1']);
    expect(ids(await list('&search=kari%20nord'))).toEqual(['kari']);
    expect(ids(await list('&search=%2B47922'))).toEqual(['kari']); // + must be URL-encoded
    expect(ids(await list('&search=47933'))).toEqual(['ÅSE-1']);
    expect(ids(await list('&search=%C3%A5se'))).toEqual(['ÅSE-1']); // åse: non-ASCII case folding on both engines
    expect(ids(await list('&search=%C3%98DEG'))).toEqual(['ÅSE-1']); // ØDEG
    expect(ids(await list('&search=PER%40'))).toEqual(['per_100%']);
    expect(ids(await list('&search=emp-'))).toEqual(['emp-1']);
    expect(ids(await list('&search=ordmann'))).toEqual([]); // a prefix, not a substring
  });

  it('search treats % and _ literally', async () => {
    expect(ids(await list('&search=per_100%25'))).toEqual(['per_100%']);
    expect(ids(await list('&search=%25'))).toEqual([]);
    expect(ids(await list('&search=_'))).toEqual([]);
    expect(ids(await list('&search=o_a'))).toEqual([]);
  });

  it('email matches the whole address ignoring case; phone_number matches exactly; filters combine with AND', async () => {
    expect(ids(await list('&email=OLA.NORDMANN%40example.com'))).toEqual(['ola', 'emp-1']);
    expect(ids(await list('&email=OLA.NORDMANN%40example.com&type=employee'))).toEqual(['emp-1']);
    expect(ids(await list('&email=ola'))).toEqual([]);
    expect(ids(await list('&phone_number=%2B4792222222'))).toEqual(['kari']);
    expect(ids(await list('&phone_number=4792222222'))).toEqual([]);
    expect(ids(await list('&phone_number=%2B4792222222&search=ola'))).toEqual([]);
  });

  it('include_deleted adds deleted customers, which keep only id, customer_id, type and the stamps', async () => {
    const res = await list('&include_deleted=true');
    expect(ids(res)).toEqual(['ola', 'kari', 'ÅSE-1', 'per_100%', 'emp-1', 'firm-1', 'gone']);
    const gone = res.body.find((c: { customer_id: string }) => c.customer_id === 'gone');
    expect(Object.keys(gone).sort()).toEqual([
      'created_at',
      'created_by',
      'customer_id',
      'deleted_at',
      'deleted_by',
      'id',
      'type',
      'updated_at',
    ]);
    expect(ids(await list('&include_deleted=true&search=olea'))).toEqual([]); // nothing left to search
    expect((await list('&include_deleted=yes')).status).toBe(400);
  });

  it('pages with limit and the paging_token header as starting_after; total=true adds total-count', async () => {
    const full = (await list('&type=any&include_deleted=true')).body as { id: string; customer_id: string }[];
    const all = full.map((c) => c.customer_id);
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res: ApiResponse = await api.get(
        `${USERS}?type=any&include_deleted=true&limit=3&total=true${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('total-count')).toBe(String(all.length));
      paged.push(...ids(res));
      cursor = res.headers.get('paging_token');
      if (!cursor) break;
      // the token is ~kassa. + the last customer's id: header-safe even for the customer_id ÅSE-1
      expect(cursor).toBe(`~kassa.${full.find((c) => c.customer_id === paged.at(-1))!.id}`);
    }
    expect(paged).toEqual(all);
    expect(paged.length).toBeGreaterThan(6);
  });

  it('starting_after also takes the last customer_id of the previous page', async () => {
    expect(ids(await list('&starting_after=kari'))).toEqual(['ÅSE-1', 'per_100%', 'emp-1', 'firm-1']);
    expect(ids(await api.get(`${USERS}?starting_after=${encodeURIComponent('ÅSE-1')}&limit=1`))).toEqual(['per_100%']);
  });

  it('total-count counts what the filters match, over all pages', async () => {
    const res = await api.get(`${USERS}?search=nord&limit=1&total=true`);
    expect(ids(res)).toEqual(['ola']);
    expect(res.headers.get('total-count')).toBe('3');
    expect(res.headers.get('paging_token')).toBe(`~kassa.${res.body[0].id}`);
  });

  it("a paging_token names exactly its row, even when another customer_id equals that row's id; a bare id (older token) still pages", async () => {
    const a = await api.post(USERS, { customer_id: `cursor-a-${Date.now()}` });
    expect(a.status).toBe(200);
    expect((await api.post(USERS, { customer_id: a.body.id })).status).toBe(200); // B's customer_id is A's Kassa id
    const c = await api.post(USERS, { customer_id: `cursor-c-${Date.now()}` });
    const all = (await api.get(`${USERS}?limit=100`)).body.map((x: { customer_id: string }) => x.customer_id);
    const at = all.indexOf(a.body.customer_id);
    const first = await api.get(`${USERS}?limit=${at + 1}`);
    expect(ids(first).at(-1)).toBe(a.body.customer_id);
    const token = first.headers.get('paging_token')!;
    const next = await api.get(`${USERS}?limit=100&starting_after=${encodeURIComponent(token)}`);
    expect(ids(next)).toEqual(all.slice(at + 1));
    expect(ids(next)).toContain(a.body.id);
    expect(ids(next)).toContain(c.body.customer_id);
    // the client's own key still names its row: after B (customer_id = A's id) comes C
    expect(ids(await api.get(`${USERS}?limit=100&starting_after=${encodeURIComponent(a.body.id)}`))).toEqual(
      all.slice(all.indexOf(a.body.id) + 1),
    );
  });

  it('the default page size is 10; limit outside 1-100 is 400; an unknown starting_after is 400, as on every list', async () => {
    for (let i = 0; i < 6; i++) expect((await api.post(USERS, { customer_id: `filler-${i}` })).status).toBe(200);
    expect((await api.get(USERS)).body).toHaveLength(10);
    for (const limit of ['0', '101', 'ten']) expect((await api.get(`${USERS}?limit=${limit}`)).status).toBe(400);
    const unknown = await api.get(`${USERS}?starting_after=nobody`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({
      code: 'INVALID_REQUEST',
      message: 'starting_after is not a customer of this account',
      errors: [{ path: 'query.starting_after', message: 'unknown customer' }],
    });
  });
});
