import { describe, expect, it } from 'vitest';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import { clockPast, useKassa } from '../support/fixtures';

const { api, db } = useKassa();

const USERS = `/v1/accounts/${ACCOUNT}/customers/users`;
let seq = 0;
const uniqueId = (prefix = 'c') => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const uniqueEmail = () => `${uniqueId('mail')}@example.com`;

const fullCustomer = (overrides: Record<string, unknown> = {}) => ({
  customer_id: uniqueId(),
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: uniqueEmail(),
  phone_number: '+4799999999',
  attributes: { tier: 'gold', points: 120 },
  status: 'active',
  favorite_store: 'oslo-1',
  enrolled_by: { value: 'https://shop.example/signup', type: 'url' },
  marketing_consent: {
    sms: { consent: true, updated_at: '2024-05-01T10:00:00Z' },
    email: { consent: false, updated_at: '2024-05-01T10:00:00Z' },
  },
  addresses: [
    {
      address_line: 'Karl Johans gate 1',
      address_line_2: 'H0101',
      postal_code: '0154',
      postal_place: 'Oslo',
      country: 'NO',
      latitude: 59.91,
      longitude: 10.75,
      type: 'home',
      comment: 'Ring twice',
    },
  ],
  term: { id: '6f1c7f52-5e5b-4c55-9f1a-3a2b1c0d9e8f', accepted_at: '2024-05-01T10:00:00Z' },
  gender: 'female',
  date_of_birth: '1990-04-17',
  metadata: { source: 'pos', loyalty: { level: 2 } },
  ...overrides,
});

const stored = (customerId: string) =>
  db().selectFrom('customers').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
const countCustomers = async () => (await db().selectFrom('customers').select('id').execute()).length;
const create = async (body: Record<string, unknown>) => {
  const res = await api.post(USERS, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('creating and reading a customer', () => {
  it('returns every field as given, type customer by default, with id and stamps; GET reads back the same', async () => {
    const body = fullCustomer();
    const created = await create(body);
    expect(created).toEqual({
      ...body,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'customer',
      created_at: expect.any(String),
      created_by: CLIENT_ID,
      updated_at: created.created_at,
    });
    const read = await api.get(`${USERS}/${body.customer_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('generates a customer_id when none is given', async () => {
    const created = await create({ first_name: 'Ola' });
    expect(created.customer_id).toMatch(/^cus_\w{20}$/);
    expect((await api.get(`${USERS}/${created.customer_id}`)).body.first_name).toBe('Ola');
  });

  it('nullable fields may be null and read back as null; a metadata key set to null is not stored', async () => {
    const created = await create({
      customer_id: uniqueId(),
      first_name: null,
      email: null,
      phone_number: null,
      date_of_birth: null,
      metadata: { keep: 1, drop: null },
    });
    expect(created).toMatchObject({
      first_name: null,
      email: null,
      phone_number: null,
      date_of_birth: null,
      metadata: { keep: 1 },
    });
    expect(created.metadata).not.toHaveProperty('drop');
  });

  it('accepts every type; company needs `company` with bussiness_name, and contact may carry contact_for', async () => {
    for (const type of ['customer', 'employee', 'other'])
      expect((await create({ type, customer_id: uniqueId(type) })).type).toBe(type);
    const company = await create({
      type: 'company',
      customer_id: uniqueId(),
      company: {
        bussiness_name: 'Fjord AS',
        organization_number: '999999999',
        number_of_employees: 12,
        website: 'https://fjord.example',
      },
    });
    expect(company.company).toEqual({
      bussiness_name: 'Fjord AS',
      organization_number: '999999999',
      number_of_employees: 12,
      website: 'https://fjord.example',
    });
    const other = await create({ type: 'other', customer_id: uniqueId(), company: { bussiness_name: 'Other AS' } });
    expect(other.company.bussiness_name).toBe('Other AS');
    const contact = await create({
      type: 'contact',
      customer_id: uniqueId(),
      contact_for: [{ customer_id: company.customer_id }],
    });
    expect(contact.contact_for).toEqual([{ customer_id: company.customer_id }]);
  });

  it('a customer_id that exists is 409 CUSTOMER_ALREADY_EXISTS and the first customer stays as it was', async () => {
    const first = await create(fullCustomer());
    const before = await countCustomers();
    const again = await api.post(USERS, { customer_id: first.customer_id, first_name: 'Someone else' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CUSTOMER_ALREADY_EXISTS',
      message: expect.stringContaining(first.customer_id),
    });
    expect(await countCustomers()).toBe(before);
    expect((await api.get(`${USERS}/${first.customer_id}`)).body).toEqual(first);
  });

  it('an email is unique within a type, ignoring case; the same email may belong to customers of another type', async () => {
    const email = uniqueEmail();
    await create({ customer_id: uniqueId(), email });
    const before = await countCustomers();
    const dup = await api.post(USERS, { customer_id: uniqueId(), email: email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('CUSTOMER_ALREADY_EXISTS');
    expect(dup.body.error.message).toMatch(/email/);
    expect(dup.body.error.errors).toEqual([{ path: 'email', message: 'already exists' }]);
    expect(await countCustomers()).toBe(before);
    const employee = await create({ customer_id: uniqueId(), type: 'employee', email: email.toUpperCase() });
    expect(employee.email).toBe(email.toUpperCase());
  });

  it('an unknown customer is 404 CUSTOMER_NOT_FOUND', async () => {
    const res = await api.get(`${USERS}/${uniqueId('nobody')}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('bad customer bodies are 400 and store nothing', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['an unknown top-level field', { surprise: true }],
    ['an unknown type', { type: 'robot' }],
    ['type company without company', { type: 'company' }],
    ['company on type customer', { type: 'customer', company: { bussiness_name: 'X AS' } }],
    ['company on type employee', { type: 'employee', company: { bussiness_name: 'X AS' } }],
    ['company without bussiness_name', { type: 'company', company: { organization_number: '1' } }],
    ['contact_for on type customer', { contact_for: [{ customer_id: 'a' }] }],
    ['a customer_id with a leading space', { customer_id: ' lead' }],
    ['a customer_id with a trailing space', { customer_id: 'trail ' }],
    ['an empty customer_id', { customer_id: '' }],
    ['a customer_id longer than 255', { customer_id: 'x'.repeat(256) }],
    ['a phone number with letters', { phone_number: '+47abc' }],
    ['a phone number starting with 0', { phone_number: '+0479999999' }],
    ['a phone number of 16 digits', { phone_number: '+1234567890123456' }],
    ['a malformed email', { email: 'not-an-email' }],
    ['a date_of_birth that is not a date', { date_of_birth: '17.04.1990' }],
    ['an impossible date_of_birth', { date_of_birth: '1990-02-30' }],
    ['a term id that is not a uuid', { term: { id: 'x', accepted_at: '2024-05-01T10:00:00Z' } }],
    [
      'marketing consent without a boolean',
      { marketing_consent: { sms: { consent: 'yes', updated_at: '2024-05-01T10:00:00Z' } } },
    ],
    ['an address without country', { addresses: [{ address_line: 'A 1', postal_place: 'Oslo' }] }],
    [
      'an address with a bad country',
      { addresses: [{ address_line: 'A 1', postal_place: 'Oslo', country: 'Norway' }] },
    ],
    [
      'an address of an unknown type',
      { addresses: [{ address_line: 'A 1', postal_place: 'Oslo', country: 'NO', type: 'castle' }] },
    ],
    ['enrolled_by without value', { enrolled_by: { type: 'url' } }],
    ['attributes that are not an object', { attributes: ['a'] }],
    ['a password (user logins are not supported)', { password: 'secret' }],
  ];
  for (const [name, body] of cases) {
    it(`${name} -> 400 INVALID_REQUEST`, async () => {
      const customerId = uniqueId('bad');
      const before = await countCustomers();
      const res = await api.post(USERS, { customer_id: customerId, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
      expect(await countCustomers()).toBe(before);
    });
  }

  it('the type rules name the field in `errors`', async () => {
    const res = await api.post(USERS, { type: 'company' });
    expect(res.body.error.errors).toEqual([
      { path: 'company', message: 'is required for type company', code: 'invalid_type' },
    ]);
  });

  it.each([
    [
      'company on a customer',
      { company: { bussiness_name: 'AS' } },
      'company is only for types company and other, not customer',
    ],
    [
      'company on a contact',
      { type: 'contact', company: { bussiness_name: 'AS' } },
      'company is only for types company and other, not contact',
    ],
    [
      'contact_for on an other',
      { type: 'other', contact_for: [{ customer_id: 'x' }] },
      'contact_for is only for type contact, not other',
    ],
    [
      'contact_for on an employee',
      { type: 'employee', contact_for: [] },
      'contact_for is only for type contact, not employee',
    ],
  ])('%s is refused by the body schema, saying which types take the field', async (_name, body, message) => {
    const before = await countCustomers();
    const res = await api.post(USERS, { customer_id: uniqueId('typed'), ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', errors: [{ message, code: 'unrecognized_keys' }] });
    expect(await countCustomers()).toBe(before);
  });

  it('an unknown type is refused naming the types', async () => {
    const res = await api.post(USERS, { type: 'vip' });
    expect(res.body.error.errors).toEqual([
      {
        path: 'type',
        message: 'must be one of customer, company, contact, employee, other (default customer)',
        code: 'invalid_union',
      },
    ]);
  });
});

describe('updating a customer (partial)', () => {
  it('changes only the fields sent, keeps the rest, customer_id and created_at, and moves updated_at', async () => {
    const body = fullCustomer();
    const created = await create(body);
    await clockPast(created.updated_at);
    const put = await api.request('PUT', `${USERS}/${body.customer_id}`, {
      first_name: 'Kåre',
      phone_number: '4791234567',
      addresses: [],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      ...created,
      first_name: 'Kåre',
      phone_number: '4791234567',
      addresses: [],
      updated_at: put.body.updated_at,
    });
    expect(Date.parse(put.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect((await api.get(`${USERS}/${body.customer_id}`)).body).toEqual(put.body);
  });

  it('a field set to null becomes null', async () => {
    const body = fullCustomer();
    await create(body);
    const put = await api.request('PUT', `${USERS}/${body.customer_id}`, { last_name: null, gender: null });
    expect(put.body).toMatchObject({ first_name: 'Kari', last_name: null, gender: null });
  });

  it('metadata: keys merge, a key set to null is removed, metadata null clears it all', async () => {
    const body = fullCustomer({ metadata: { a: 1, b: 2 } });
    await create(body);
    const merged = await api.request('PUT', `${USERS}/${body.customer_id}`, { metadata: { b: null, c: 3 } });
    expect(merged.body.metadata).toEqual({ a: 1, c: 3 });
    const cleared = await api.request('PUT', `${USERS}/${body.customer_id}`, { metadata: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('metadata');
    expect((await api.get(`${USERS}/${body.customer_id}`)).body).not.toHaveProperty('metadata');
    const again = await api.request('PUT', `${USERS}/${body.customer_id}`, { metadata: { d: 'x' } });
    expect(again.body.metadata).toEqual({ d: 'x' });
  });

  it('the type rules hold for the result: company needs `company`, and a company customer may become other but not customer', async () => {
    const plain = await create({ customer_id: uniqueId() });
    const noCompany = await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: 'company' });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.error.errors).toEqual([{ path: 'company', message: 'is required for type company' }]);
    expect((await api.get(`${USERS}/${plain.customer_id}`)).body).toEqual(plain);

    const toCompany = await api.request('PUT', `${USERS}/${plain.customer_id}`, {
      type: 'company',
      company: { bussiness_name: 'Now AS' },
    });
    expect(toCompany.status).toBe(200);
    expect(toCompany.body).toMatchObject({ type: 'company', company: { bussiness_name: 'Now AS' } });
    const toCustomer = await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: 'customer' });
    expect(toCustomer.status).toBe(400);
    expect((await api.get(`${USERS}/${plain.customer_id}`)).body).toEqual(toCompany.body);
    expect((await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: 'other' })).status).toBe(200);
    const contactFor = await api.request('PUT', `${USERS}/${plain.customer_id}`, {
      contact_for: [{ customer_id: 'x' }],
    });
    expect(contactFor.status).toBe(400);
    expect(contactFor.body.error.errors[0].path).toBe('contact_for');
    // company: null removes it, so the customer can become a plain customer again
    const back = await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: 'customer', company: null });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toEqual({ ...plain, updated_at: back.body.updated_at });
    expect((await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: 'company', company: null })).status).toBe(
      400,
    );
  });

  it.each([
    ['company sent with type customer', { type: 'customer', company: { bussiness_name: 'AS' } }, 'company'],
    ['contact_for sent with type other', { type: 'other', contact_for: [{ customer_id: 'x' }] }, 'contact_for'],
    ['company removed with type company', { type: 'company', company: null }, 'company'],
  ])('%s is refused by the body schema, whatever is stored', async (_name, body, path) => {
    const plain = await create({ customer_id: uniqueId() });
    const res = await api.request('PUT', `${USERS}/${plain.customer_id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({
      message: 'The request is not valid',
      errors: [{ path, code: 'invalid_type' }],
    });
    expect((await api.get(`${USERS}/${plain.customer_id}`)).body).toEqual(plain);
  });

  it('type null keeps the type, as leaving it out does', async () => {
    const plain = await create({ customer_id: uniqueId() });
    const res = await api.request('PUT', `${USERS}/${plain.customer_id}`, { type: null, first_name: 'Ola' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ type: 'customer', first_name: 'Ola' });
  });

  it('a contact becomes another type once contact_for is removed with null', async () => {
    const contact = await create({ customer_id: uniqueId(), type: 'contact', contact_for: [{ customer_id: 'boss' }] });
    expect((await api.request('PUT', `${USERS}/${contact.customer_id}`, { type: 'employee' })).status).toBe(400);
    const employee = await api.request('PUT', `${USERS}/${contact.customer_id}`, {
      type: 'employee',
      contact_for: null,
    });
    expect(employee.status).toBe(200);
    expect(employee.body.type).toBe('employee');
    expect(employee.body).not.toHaveProperty('contact_for');
  });

  it('taking an email another customer of the type has is 409, ignoring case, and changes nothing', async () => {
    const email = uniqueEmail();
    await create({ customer_id: uniqueId(), email });
    const mine = await create({ customer_id: uniqueId(), email: uniqueEmail() });
    const res = await api.request('PUT', `${USERS}/${mine.customer_id}`, {
      email: email.toUpperCase(),
      first_name: 'Changed',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CUSTOMER_ALREADY_EXISTS');
    expect((await api.get(`${USERS}/${mine.customer_id}`)).body).toEqual(mine);
    // its own email in another case is fine
    const own = await api.request('PUT', `${USERS}/${mine.customer_id}`, { email: mine.email.toUpperCase() });
    expect(own.status).toBe(200);
    // moving to a type where the email is taken is a conflict too
    const employee = await create({ customer_id: uniqueId(), type: 'employee', email: uniqueEmail() });
    const clash = await api.request('PUT', `${USERS}/${employee.customer_id}`, { type: 'customer', email });
    expect(clash.status).toBe(409);
    expect((await api.get(`${USERS}/${employee.customer_id}`)).body).toEqual(employee);
  });

  it('a different customer_id in the body is 400 and changes nothing; the same one is accepted', async () => {
    const created = await create(fullCustomer());
    const renamed = uniqueId('renamed');
    const res = await api.request('PUT', `${USERS}/${created.customer_id}`, { customer_id: renamed, first_name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect((await api.get(`${USERS}/${created.customer_id}`)).body).toEqual(created);
    expect(await stored(renamed)).toBeUndefined();
    expect(
      (
        await api.request('PUT', `${USERS}/${created.customer_id}`, {
          customer_id: created.customer_id,
          first_name: 'Y',
        })
      ).body.first_name,
    ).toBe('Y');
  });

  it('bad update bodies are 400 and change nothing', async () => {
    const created = await create(fullCustomer());
    for (const bad of [
      { surprise: 1 },
      { phone_number: 'abc' },
      { email: 'x' },
      { type: 'robot' },
      { company: { bussiness_name: 'X' } },
      { date_of_birth: '2020-13-01' },
    ]) {
      const res = await api.request('PUT', `${USERS}/${created.customer_id}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await api.get(`${USERS}/${created.customer_id}`)).body).toEqual(created);
  });

  it('an unknown customer is 404 and PUT does not create it', async () => {
    const id = uniqueId('missing');
    const res = await api.request('PUT', `${USERS}/${id}`, { first_name: 'X' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    expect(await stored(id)).toBeUndefined();
  });
});

describe('deleting a customer', () => {
  it('returns the customer stamped with deleted_at and deleted_by; afterwards GET, PUT and DELETE are 404', async () => {
    const created = await create(fullCustomer());
    const del = await api.request('DELETE', `${USERS}/${created.customer_id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({
      ...created,
      updated_at: del.body.deleted_at,
      deleted_at: expect.any(String),
      deleted_by: CLIENT_ID,
    });
    expect(Date.parse(del.body.deleted_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { first_name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api.request(method, `${USERS}/${created.customer_id}`, body);
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    }
  });

  it('the stored row keeps only id, customer_id, type and the stamps; the email is free again, the customer_id stays taken', async () => {
    const created = await create(fullCustomer());
    await api.request('DELETE', `${USERS}/${created.customer_id}`);
    const row = await stored(created.customer_id);
    expect(row).toMatchObject({
      id: created.id,
      type: 'customer',
      data: '{}',
      email_lower: null,
      phone_number: null,
      search_keys: null,
      deleted_by: CLIENT_ID,
    });
    expect((await api.post(USERS, { customer_id: uniqueId(), email: created.email })).status).toBe(200);
    const again = await api.post(USERS, { customer_id: created.customer_id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CUSTOMER_ALREADY_EXISTS');
  });

  it('a bad delete_tokens value is 400 and deletes nothing', async () => {
    const created = await create(fullCustomer());
    const res = await api.request('DELETE', `${USERS}/${created.customer_id}?delete_tokens=maybe`);
    expect(res.status).toBe(400);
    expect((await api.get(`${USERS}/${created.customer_id}`)).body).toEqual(created);
  });
});

describe('idempotent creation', () => {
  it('a retry with the same Idempotency-Key answers the first customer and creates no second one', async () => {
    const key = uniqueId('idem');
    const first = await api.post(USERS, { first_name: 'Retry' }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const before = await countCustomers();
    const retry = await api.post(USERS, { first_name: 'Retry' }, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await countCustomers()).toBe(before);
  });
});

describe('concurrent creation', () => {
  it('of one email within a type (in several cases) or one customer_id: exactly one succeeds, the others are 409', async () => {
    const email = uniqueEmail();
    const byEmail = await Promise.all(
      ['', '', '', ''].map((_, i) =>
        api.post(USERS, { customer_id: uniqueId('race'), email: i % 2 ? email.toUpperCase() : email }),
      ),
    );
    expect(byEmail.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of byEmail.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('CUSTOMER_ALREADY_EXISTS');
    expect(
      await db().selectFrom('customers').select('id').where('email_lower', '=', email.toLowerCase()).execute(),
    ).toHaveLength(1);

    const customerId = uniqueId('race');
    const byId = await Promise.all(
      [1, 2, 3, 4].map((n) => api.post(USERS, { customer_id: customerId, first_name: `n${n}` })),
    );
    expect(byId.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(
      await db().selectFrom('customers').select('id').where('customer_id', '=', customerId).execute(),
    ).toHaveLength(1);
  });

  it('two updates taking one email: one succeeds, the other is 409 and leaves its customer unchanged', async () => {
    const email = uniqueEmail();
    const [a, b] = [await create({ customer_id: uniqueId() }), await create({ customer_id: uniqueId() })];
    const results = await Promise.all([a, b].map((c) => api.request('PUT', `${USERS}/${c.customer_id}`, { email })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = [a, b][results.findIndex((r) => r.status === 409)]!;
    expect((await api.get(`${USERS}/${loser.customer_id}`)).body).toEqual(loser);
  });
});
