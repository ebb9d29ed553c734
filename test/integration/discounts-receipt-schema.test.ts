import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { ACCOUNT } from '../support/test-server';
import { useKassa } from '../support/fixtures';

/**
 * Issue 27 item 9: available_for_receipt validates the whole receipt the spec lists (every field, enums, int32
 * amounts), refuses a field it does not list with 400 at that field's path, and a refused receipt changes nothing.
 */
const { srv, api, db } = useKassa();

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
const PATH = `${BASE}/available_for_receipt`;
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };
const AT = '2026-06-15T12:00:00Z';

const address = {
  address_line: 'Sommerkroveien 34',
  address_line_2: 'PB 123',
  postal_code: '0349',
  postal_place: 'Oslo',
  country: 'NO',
};
const infocode = {
  line_id: 1,
  amount: 100,
  amount_dwh: '1.00',
  infocode_id: 'IC1',
  sub_infocode_id: 'SUB1',
  information: 'asked for a bag',
  input_type: 1,
  withdrawal_from_stock: false,
};
const tax = {
  amount: 2000,
  amount_dwh: '20.00',
  exempt: false,
  included_in_price: true,
  percentage: 25,
  tax_basis: 8000,
  tax_basis_dwh: '80.00',
  tax_code: '3',
  tax_group: 'Vmva-høy',
};
const extraInfo = [{ key: 'pos.version', value: '4.2', value_type: 'string' }];
const lineOf = { percentage: 10, discount_type: 'manual', discount_id: 'manual-1', description: 'Staff', line_id: 1 };

/** Every item field the spec lists. */
const fullItem = (customer: string) => ({
  id: 'coffee',
  groups: [{ id: 'drinks', name: 'Drinks' }],
  quantity: 2,
  unit: 'stk',
  description: 'Coffee, large',
  description_alias: 'Coffee',
  net_amount: 9000,
  net_amount_dwh: '90.00',
  gross_amount: 10000,
  gross_amount_dwh: '100.00',
  unit_gross_price: 5000,
  tax_percent: 25,
  line_id: 1,
  barcode: '7038010000000',
  cost_price: 2033,
  voided: false,
  scale_item: false,
  eligible_for_discount: true,
  included_in_total_discount: true,
  price_has_been_keyedIn: false,
  discount_has_been_keyedIn: true,
  is_return_item: false,
  is_linked_item: false,
  is_virtual_product: false,
  is_changed: false,
  salesperson_id: '000111',
  salesperson_name: 'Jesper',
  serial_id: `serial-${customer}`,
  comment: 'extra hot',
  infocode_lines: [infocode],
  tax_lines: [tax],
  dimension: { color: 'black', size: 'L', style: 'latte', config: 'c1', variant: 'v1' },
  discount_lines: [{ amount: 1000, ...lineOf }],
  bonus_lines: [{ bonus: 50, ...lineOf }],
  extra_info: extraInfo,
});

/** A receipt with every field the spec lists for a receipt, its store, delivery, customer, payments and lines. */
const fullReceipt = (customer: string) => ({
  id: uniqueId('id'),
  created_at: AT,
  created_by: 'pos',
  updated_at: AT,
  deleted_by: 'nobody',
  deleted_at: AT,
  store: {
    id: 'S1',
    name: 'SC Oslo',
    business_name: 'SC Oslo AS',
    address,
    chain: 'SuperChain',
    email: 'contact@superchain.example',
    gln: '5790001398644',
    organization_number: '123456789MVA',
    phone_number: '+4738260107',
    mcc: '5814',
    bax: '102603',
    terminal_id: 'T0292',
    payout_destination_id: 'P1',
  },
  receipt_id: uniqueId('r'),
  purchase_at: AT,
  discounts: [{ id: 'manual-1', name: 'Staff', type: 'item', refs: [{ id: 'manual-1', amount: 1000, usage: 1 }] }],
  items: [fullItem(customer)],
  delivery: {
    first_name: 'Kari',
    last_name: 'Nordmann',
    email: 'kari@example.no',
    phone_number: '+4799999999',
    address,
  },
  customer_id: customer,
  customer: {
    first_name: 'Kari',
    email: 'kari@example.no',
    phone_number: '+4799999999',
    pays_tax: true,
    addresses: [{ ...address, type: 'home' }],
    token: { token_id: 'tok-1', value: 'not-a-wallet-token', type: 'VIPPS' },
  },
  gross_amount: 10000,
  net_amount: 9000,
  total_discount: 1000,
  total_manual_discount_amount: 1000,
  total_manual_percentage_discount: 10,
  round_off_to_coin: 0,
  amount_due: 9000,
  gross_amount_dwh: '100.00',
  net_amount_dwh: '90.00',
  amount_due_dwh: '90.00',
  no_of_items: 2,
  currency: 'NOK',
  order_number: 'order12345',
  transaction_id: 'SC999-9991-1828',
  operator_id: '000210',
  operator_name: 'Ole Anders',
  salesperson_id: '000111',
  salesperson_name: 'Jesper',
  comment: 'Kunden ønsker mer info',
  receipt_text: 'Takk for handelen',
  transaction_date: AT,
  is_changed: false,
  entry_status: 'Posted',
  tax_lines: [tax],
  payments: [
    {
      line_id: 1,
      amount: 9000,
      type_id: 'card',
      token_id: 'tok-1',
      token_type: 'VIPPS',
      description: 'Visa',
      voided: false,
      card_info: {
        balance_amount: 0,
        card_amount: 9000,
        issuer_id: 3,
        issuer_name: 'Barcley',
        session_id: '022',
        terminal_id: '71015233',
        card_number: '************00198-1',
        card_type: 'VISA',
        receipt: 'BAX: 111010-71015233\n\rVISA CLASSIC',
      },
      reference_id: 'B00668107235',
      infocode_lines: [infocode],
    },
  ],
  infocode_items: [infocode],
  discount_code: ['SPRING'],
  extra_info: extraInfo,
});

const available = (body: unknown) => api.post(PATH, body);

/** A rule given to `customer`: 10 % off the receipt. */
const ruleFor = async (customer: string): Promise<string> => {
  const created = await api.post(`${BASE}/rules`, {
    requirement: window,
    reward: { type: 'discount_percent', value: 10 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers: [customer] })).status).toBe(200);
  return created.body.id;
};

/** Every discount row: rules, whom they are given to, claims and their usages (stamps are counted from claims). */
const discountRows = async () => ({
  rules: await db().selectFrom('discount_rules').selectAll().orderBy('id').execute(),
  given: await db()
    .selectFrom('discount_rule_customers')
    .selectAll()
    .orderBy('rule_id')
    .orderBy('customer_key')
    .execute(),
  claims: await db().selectFrom('discount_claims').selectAll().orderBy('id').execute(),
  usages: await db().selectFrom('discount_claim_usages').selectAll().orderBy('claim_id').orderBy('rule_id').execute(),
});

const refused = (res: { status: number; body: { error: { code: string; errors: { path: string }[] } } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('INVALID_REQUEST');
  return [...new Set(res.body.error.errors.map((e) => e.path))]; // a date-time may fail twice at one path
};

describe('available_for_receipt: the receipt schema', () => {
  it('takes a receipt with every field the spec lists (200), returns the fields it does not use as posted', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor(customer);
    const body = fullReceipt(customer);
    const res = await available(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.discounts.map((d: { id: string }) => d.id)).toEqual(['manual-1', rule]);
    const { items: _items, discounts: _discounts, ...unused } = body;
    const { gross_amount: _g, net_amount: _n, total_discount: _t, amount_due: _a, is_changed: _c, ...kept } = unused;
    const { gross_amount_dwh: _gd, net_amount_dwh: _nd, amount_due_dwh: _ad, ...same } = kept;
    expect(res.body).toMatchObject(same);
    // the manual line stays; the rule takes 10 % of the gross (1000) beside it
    expect(res.body).toMatchObject({ gross_amount: 10000, net_amount: 8000, total_discount: 2000, is_changed: true });
    const { discount_lines: _l, net_amount: _na, net_amount_dwh: _nad, is_changed: _ic, ...item } = body.items[0]!;
    expect(res.body.items[0]).toMatchObject(item);
    const again = await available(res.body); // the answer is a receipt the schema takes, and the engine's fixed point
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it.each([
    ['entry_status', { entry_status: 'Bogus' }, 'entry_status'],
    ['customer.type', { customer: { type: 'robot' } }, 'customer.type'],
    [
      'customer.addresses.0.type',
      { customer: { addresses: [{ ...address, type: 'moon' }] } },
      'customer.addresses.0.type',
    ],
    [
      'extra_info.0.value_type',
      { extra_info: [{ key: 'k', value: 'v', value_type: 'date' }] },
      'extra_info.0.value_type',
    ],
    ['discounts.0.type', { discounts: [{ id: 'd', type: 'order' }] }, 'discounts.0.type'],
  ])('refuses a wrong value of the enum %s with 400 at its path', async (_name, over, path) => {
    const before = await discountRows();
    const paths = refused(await available({ ...fullReceipt(uniqueId('cus')), ...over }));
    expect(paths).toEqual([path]);
    expect(await discountRows()).toEqual(before);
  });

  it.each([
    ['items.0.discount_lines.0.discount_type', 'discount_lines', { amount: 1, discount_type: 'coupon' }],
    ['items.0.bonus_lines.0.discount_type', 'bonus_lines', { bonus: 1, discount_type: 'coupon' }],
  ])('refuses a wrong value of the enum %s', async (path, field, line) => {
    const body = fullReceipt(uniqueId('cus'));
    const paths = refused(await available({ ...body, items: [{ ...body.items[0], [field]: [line] }] }));
    expect(paths).toEqual([path]);
  });

  it.each([
    ['an unknown top-level field', (b: ReturnType<typeof fullReceipt>) => ({ ...b, bogus: 1 }), 'bogus'],
    [
      'an unknown item field',
      (b: ReturnType<typeof fullReceipt>) => ({ ...b, items: [{ ...b.items[0], bogus: true }] }),
      'items.0.bogus',
    ],
    [
      'an unknown field of the store',
      (b: ReturnType<typeof fullReceipt>) => ({ ...b, store: { ...b.store, store_name: 'x' } }),
      'store.store_name',
    ],
    [
      'an unknown field of a discount line',
      (b: ReturnType<typeof fullReceipt>) => ({
        ...b,
        items: [{ ...b.items[0], discount_lines: [{ amount: 1, reason: 'x' }] }],
      }),
      'items.0.discount_lines.0.reason',
    ],
    [
      'an unknown field of the customer token',
      (b: ReturnType<typeof fullReceipt>) => ({ ...b, customer: { token: { value: 'v', secret: 's' } } }),
      'customer.token.secret',
    ],
  ])('refuses %s with 400 naming its path, and changes nothing', async (_name, change, path) => {
    const customer = uniqueId('cus');
    await ruleFor(customer);
    const before = await discountRows();
    const res = await available(change(fullReceipt(customer)));
    expect(refused(res)).toEqual([path]);
    expect(res.body.error.errors[0]).toMatchObject({ code: 'unrecognized_keys' });
    expect(await discountRows()).toEqual(before);
  });

  it('names every unknown field and every wrong value of one receipt', async () => {
    const body = fullReceipt(uniqueId('cus'));
    const res = await available({ ...body, a: 1, b: 2, entry_status: 'Bogus', items: [{ ...body.items[0], c: 3 }] });
    expect(refused(res).sort()).toEqual(['a', 'b', 'entry_status', 'items.0.c']);
  });

  it.each([
    ['an item amount past int32', { gross_amount: 2_147_483_648 }, 'items.0.gross_amount'],
    ['a fractional cost price', { cost_price: 20.5 }, 'items.0.cost_price'],
    ['a tax percent over 100', { tax_percent: 125 }, 'items.0.tax_percent'],
    ['a malformed _dwh', { gross_amount_dwh: '100,00' }, 'items.0.gross_amount_dwh'],
    ['a string flag', { scale_item: 'yes' }, 'items.0.scale_item'],
  ])('refuses %s (a field the engine does not read is validated too)', async (_name, over, path) => {
    const body = fullReceipt(uniqueId('cus'));
    expect(refused(await available({ ...body, items: [{ ...body.items[0], ...over }] }))).toEqual([path]);
  });

  it.each([
    ['a receipt amount past int32', { amount_due: -2_147_483_648 }, 'amount_due'],
    ['a transaction_date that is no date-time', { transaction_date: 'yesterday' }, 'transaction_date'],
    ['a store mcc of three digits', { store: { id: 'S1', mcc: '581' } }, 'store.mcc'],
    ['a delivery phone that is not E.164', { delivery: { phone_number: '99 99 99 99' } }, 'delivery.phone_number'],
    ['a payment amount that is a string', { payments: [{ amount: '90' }] }, 'payments.0.amount'],
  ])('refuses %s', async (_name, over, path) => {
    expect(refused(await available({ ...fullReceipt(uniqueId('cus')), ...over }))).toEqual([path]);
  });

  it('a refused receipt claims and stamps nothing: the stamp card counts the same afterwards', async () => {
    const customer = uniqueId('cus');
    const card = await api.post(`${BASE}/rules`, {
      requirement: { ...window, stamp: 3, item: { items: [{ id: 'coffee' }] } },
      reward: { type: 'discount_item_percent', value: 100 },
    });
    expect((await api.post(`${BASE}/rules/${card.body.id}/customers`, { customers: [customer] })).status).toBe(200);
    const stampOf = async () => {
      const res = await available({
        ...fullReceipt(customer),
        discounts: [],
        items: [{ line_id: 1, id: 'coffee', gross_amount: 4000 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.discounts.find((d: { id: string }) => d.id === card.body.id).refs[0];
    };
    const first = await stampOf();
    const before = await discountRows();
    refused(await available({ ...fullReceipt(customer), entry_status: 'Bogus' }));
    refused(await available({ ...fullReceipt(customer), items: [{ line_id: 1, id: 'coffee', bogus: 1 }] }));
    expect(await discountRows()).toEqual(before);
    expect(await stampOf()).toEqual(first);
  });

  it('the OpenAPI document shows the same schema: entry_status is an enum, the receipt and its items are closed', async () => {
    const doc = (await new ApiClient(srv.baseUrl).get('/v1/openapi.json')).body;
    const schema =
      doc.paths['/v1/accounts/{aid}/discounts/available_for_receipt'].post.requestBody.content['application/json']
        .schema;
    expect(schema.properties.entry_status).toMatchObject({
      type: 'string',
      enum: ['None', 'Voided', 'Posted', 'Concluded', 'Cancelled', 'OnHold', 'Training', 'Reprinted'],
    });
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['receipt_id', 'purchase_at', 'store']));
    const item = schema.properties.items.items;
    expect(item.additionalProperties).toBe(false);
    expect(item.properties.gross_amount).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(Object.keys(fullItem('x'))));
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(Object.keys(fullReceipt('x'))));
  });
});
