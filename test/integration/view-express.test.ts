import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { payBody, NORWEGIAN_CONTACT } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { api, customer } = useKassa();

const HOME = { id: 'home', line_id: 'ship-home', amount: 9900, title: 'Home delivery', operator: 'Posten' };
const PICKUP = {
  id: 'pickup',
  line_id: 'ship-pickup-storo',
  amount: 2900,
  title: 'Storo',
  operator: 'Posten',
  delivery_method: 'pick_up',
  pick_up_address: {
    address_line: 'Vitaminveien 7',
    postal_code: '0485',
    postal_place: 'Oslo',
    country: 'NO',
    opening_hours: { periods: [{ day_of_week: 1, opens_at: '09:00', closes_at: '21:00' }] },
  },
  eta: { working_days: [1, 3] },
};
const ADDRESS = NORWEGIAN_CONTACT;

type Answer = { status: number; body: unknown };
/** The merchant's express endpoints on loopback: each request is recorded and answered by `respond`. */
const shop = await (async () => {
  const received: { path: string; body: any }[] = [];
  let respond: (path: string, body: any) => Answer = () => ({ status: 500, body: {} });
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text || '{}');
      received.push({ path: req.url ?? '', body });
      const answer = respond(req.url ?? '', body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (fn: typeof respond) => (respond = fn),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
})();
afterAll(() => shop.close());

/** The demo shop's rules in small: NO gets home delivery and a pick-up point, US nothing; SAVE10 takes 10 % off the items. */
const shopRules = (path: string, session: any): Answer => {
  if (path === '/shipping')
    return {
      status: 200,
      body: { shipping_options: session.order.shipping_address?.country === 'US' ? [] : [HOME, PICKUP] },
    };
  if (path === '/discounts') {
    const valid = (session.order.discount_codes as string[]).includes('SAVE10');
    const items = (session.order.items as { line_id: string; amount: number; gross_amount?: number }[]).map((i) => {
      const gross = i.gross_amount ?? i.amount;
      const off = valid ? Math.floor(gross / 10) : 0;
      return {
        ...i,
        gross_amount: gross,
        amount: gross - off,
        discount_lines: valid ? [{ amount: off, description: '10 % off', line_id: 1 }] : [],
      };
    });
    const shipping = session.order.shipping_option?.amount ?? 0;
    const amount = items.reduce((s, i) => s + i.amount, 0) + shipping;
    return {
      status: 200,
      body: {
        shipping_options: session.express.shipping_options,
        order: { amount, items, discount_codes: valid ? ['SAVE10'] : [] },
      },
    };
  }
  return { status: 500, body: {} };
};
shop.answer(shopRules);

const express = () => ({
  shipping_options: [],
  shipping_address_callback_url: `${shop.origin}/shipping`,
  discount_codes: { callback_url: `${shop.origin}/discounts`, max_count: 2 },
});

const createExpress = async (overrides: Record<string, unknown> = {}) => {
  const res = await api.post('/v1/sessions', {
    url: { return_url: 'https://merchant.example/return' },
    order: {
      amount: 30000,
      currency: 'NOK',
      merchant_reference: `express-${Math.random().toString(36).slice(2, 10)}`,
      items: [
        { line_id: '1', description: 'Mug', quantity: 2, amount: 20000 },
        { line_id: '2', description: 'Beans', quantity: 1, amount: 10000 },
      ],
    },
    express: express(),
    configuration: {
      sandbox: { creditcard: { enabled: true } },
      discounts: { express_discount_codes: { enabled: true } },
    },
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
};

const view = (id: string) => customer.get(`/v1/view/${id}/session`);
const put = (id: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  customer.request('PUT', `/v1/view/${id}/session/order/${path}`, body, headers);
const events = async (id: string) =>
  ((await api.get(`/v1/sessions/${id}`)).body.events as { name: string; details?: any }[]).map((e) => e);

describe('express checkout view operations', () => {
  it('address → options from the shop → pick-up point → discount → gift card → card pays the rest', async () => {
    const id = await createExpress();
    const before = await view(id);
    expect(before.body.express).toEqual({
      shipping_options: [],
      shipping_mode: 'shipping_required',
      shipping_address_callback: true,
      discount_codes: { max_count: 2 },
      customer_types: ['b2c', 'b2b'],
    });
    expect(JSON.stringify(before.body)).not.toContain(shop.origin); // callback URLs are never shown

    const addressed = await put(
      id,
      'addresses',
      { shipping_address: ADDRESS },
      { 'if-unmodified-since': before.body.updated_at },
    );
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
    expect(addressed.body.express.shipping_options.map((o: { id: string }) => o.id)).toEqual(['home', 'pickup']);
    expect(addressed.body.order.billing_address).toEqual(ADDRESS);
    expect(shop.received.at(-1)!.body.order.shipping_address).toEqual(ADDRESS);

    // the page's price is ignored: the shop's copy is stored
    const picked = await put(id, 'shipping_option', { ...PICKUP, amount: 1 });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.order.shipping_option).toEqual(PICKUP);
    expect(picked.body.order.amount).toBe(32900);

    const discounted = await put(id, 'discount_codes', { discount_codes: ['SAVE10'] });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
    expect(discounted.body.order.amount).toBe(27000 + 2900);
    expect(discounted.body.order.discount_codes).toEqual(['SAVE10']);

    const gifted = await put(id, 'gift_cards', {
      gift_cards: [{ type: 'kassa.wallets.card_token', value: '6000 0000 0000 0001', pin: '1234' }],
    });
    expect(gifted.status, JSON.stringify(gifted.body)).toBe(200);
    expect(gifted.body.order.gift_cards).toEqual([
      { type: 'kassa.wallets', card_id: 'sbx_gc_0001', masked_card_token: '•••• 0001', amount: 10000 },
    ]);
    expect(gifted.body.amount_due).toBe(29900 - 10000);

    const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.success).toBe(true);
    const tx = await api.get(`/v1/transactions/${paid.body.transaction_id}`);
    expect(tx.body.amount).toBe(29900);
    expect(tx.body.card_amount).toBe(19900);
    expect(tx.body.gift_cards).toEqual(gifted.body.order.gift_cards);
    expect((await events(id)).map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'SET_SHIPPING_ADDRESS',
        'SET_BILLING_ADDRESS',
        'SET_SHIPPING_OPTION',
        'SET_DISCOUNT_CODES',
        'SET_GIFT_CARD',
        'AUTHORIZED',
      ]),
    );
  });

  it('gift cards that pay everything are paid with kassa.wallets, and a card is then refused', async () => {
    const id = await createExpress({ express: { shipping_options: [HOME] } });
    await put(id, 'addresses', { shipping_address: ADDRESS });
    await put(id, 'shipping_option', HOME);
    const gifted = await put(id, 'gift_cards', {
      gift_cards: [{ type: 'kassa.wallets.card_token', value: '6000000000000019', pin: '4321' }],
    });
    expect(gifted.body.amount_due).toBe(0);
    expect((await customer.post(`/v1/sessions/${id}/pay`, payBody())).body.error.message).toContain('kassa.wallets');
    const paid = await customer.post(`/v1/sessions/${id}/pay`, { payment: { payment_product_type: 'kassa.wallets' } });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect((await api.get(`/v1/transactions/${paid.body.transaction_id}`)).body).toMatchObject({
      amount: 39900,
      card_amount: 0,
      payment_product_type: 'kassa.wallets',
    });
  });

  it('the shop cannot ship to the address: no options, and a chosen option is dropped', async () => {
    const id = await createExpress();
    await put(id, 'addresses', { shipping_address: ADDRESS });
    await put(id, 'shipping_option', HOME);
    const us = await put(id, 'addresses', { shipping_address: { ...ADDRESS, country: 'US', postal_code: '10001' } });
    expect(us.status).toBe(200);
    expect(us.body.express.shipping_options).toEqual([]);
    expect(us.body.order.shipping_option).toBeUndefined();
    expect(us.body.order.amount).toBe(30000);
    expect((await customer.post(`/v1/sessions/${id}/pay`, payBody())).body.error.code).toBe(
      'SHIPPING_OPTION_NOT_AVAILABLE',
    );
  });

  it('rejected writes change nothing: bad body, unknown option, stale version, failing callback, wrong PIN, too many codes', async () => {
    const id = await createExpress();
    await put(id, 'addresses', { shipping_address: ADDRESS });
    const before = (await view(id)).body;
    const refusals: [string, unknown, Record<string, string>, number, string][] = [
      ['addresses', { shipping_address: { ...ADDRESS, country: 'Norway' } }, {}, 400, 'INVALID_REQUEST'],
      ['addresses', { shipping_address: { ...ADDRESS, email: 'not-an-email' } }, {}, 400, 'INVALID_REQUEST'],
      ['addresses', { billing_address: { ...ADDRESS, first_name: 'Ola' } }, {}, 400, 'INVALID_REQUEST'],
      ['shipping_option', { id: 'teleport', line_id: 'x', amount: 0 }, {}, 400, 'SHIPPING_OPTION_NOT_AVAILABLE'],
      ['shipping_option', HOME, { 'if-unmodified-since': '2001-01-01T00:00:00.000Z' }, 412, 'PRECONDITION_FAILED'],
      ['addresses', { shipping_address: { ...ADDRESS, postal_code: 'FAIL' } }, {}, 502, 'EXPRESS_CALLBACK_FAILED'],
      [
        'gift_cards',
        { gift_cards: [{ type: 'kassa.wallets.card_token', value: '6000000000000001', pin: '9999' }] },
        {},
        400,
        'GIFT_CARD_INVALID',
      ],
      [
        'gift_cards',
        { gift_cards: [{ type: 'kassa.wallets.card_token', value: '6000000000000027', pin: '0000' }] },
        {},
        400,
        'GIFT_CARD_INVALID',
      ],
      [
        'gift_cards',
        { gift_cards: [{ type: 'kassa.wallets.card_id', value: 'sbx_gc_0019' }] },
        {},
        400,
        'GIFT_CARD_INVALID',
      ],
      ['discount_codes', { discount_codes: ['A', 'B', 'C'] }, {}, 400, 'TOO_MANY_DISCOUNT_CODES'],
    ];
    shop.answer((path, body) =>
      body.order?.shipping_address?.postal_code === 'FAIL' ? { status: 500, body: {} } : shopRules(path, body),
    );
    for (const [path, body, headers, status, code] of refusals) {
      const res = await put(id, path, body, headers);
      expect([path, res.status, res.body?.error?.code]).toEqual([path, status, code]);
    }
    shop.answer(shopRules);
    expect((await view(id)).body).toEqual(before);
  });

  it('a discount code that gives nothing answers 204; an empty gift card list answers 204', async () => {
    const id = await createExpress();
    expect((await put(id, 'discount_codes', { discount_codes: ['NOPE'] })).status).toBe(204);
    expect((await view(id)).body.order.discount_codes).toEqual([]);
    expect((await put(id, 'gift_cards', { gift_cards: [] })).status).toBe(204);
  });

  it('not for a session without express, nor while the shop holds the lock; discounts need the feature on', async () => {
    const plain = (
      await api.post('/v1/sessions', {
        url: { return_url: 'https://merchant.example/return' },
        order: { amount: 100, currency: 'NOK', merchant_reference: 'plain' },
      })
    ).body.id;
    expect((await put(plain, 'shipping_option', HOME)).body.error.code).toBe('EXPRESS_NOT_ENABLED');
    const off = await createExpress({ configuration: { sandbox: { creditcard: { enabled: true } } } });
    expect((await view(off)).body.express.discount_codes).toBeUndefined();
    expect((await put(off, 'discount_codes', { discount_codes: ['SAVE10'] })).body.error.code).toBe(
      'DISCOUNTS_NOT_ENABLED',
    );
    const id = await createExpress();
    expect((await customer.post(`/v1/view/${id}/session/lock`)).status).toBe(200);
    expect((await put(id, 'addresses', { shipping_address: ADDRESS })).body.error.code).toBe('SESSION_LOCKED');
  });

  it('abandon sends the customer back with error=cancelled and cancels the session; payment information is recorded', async () => {
    const id = await createExpress();
    const info = await customer.post(`/v1/view/${id}/session/events/payment_information`, {
      billing_address: ADDRESS,
      shipping_address: ADDRESS,
      locale: 'nb-NO',
    });
    expect(info.status).toBe(204);
    expect((await events(id)).find((e) => e.name === 'ADD_PAYMENT_INFORMATION')?.details.locale).toBe('nb-NO');
    const res = await customer.post(`/v1/view/${id}/session/abandon`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('cancelled');
    expect(location.searchParams.get('merchant_reference')).toMatch(/^express-/);
    expect((await view(id)).body.error.cause).toBe('CANCELLED');
    expect((await customer.post(`/v1/view/${id}/session/abandon`)).status).toBe(404);
  });
});

describe('confirmation code, payment operations and the deprecated address operation', () => {
  it('publish/scc: 400 without a phone number, then 200 sent, 202 sent again, into the SMS sink', async () => {
    const id = await createExpress();
    const none = await customer.post(`/v1/view/${id}/session/publish/scc`);
    expect([none.status, none.body.error.code]).toEqual([400, 'PHONE_NUMBER_REQUIRED']);
    await put(id, 'addresses', { shipping_address: ADDRESS });
    expect((await customer.post(`/v1/view/${id}/session/publish/scc`)).status).toBe(200);
    expect((await customer.post(`/v1/view/${id}/session/publish/scc`)).status).toBe(202);
    const sms = await api.get(`/v1/admin/sms?session_id=${id}`);
    expect(sms.status).toBe(200);
    expect(sms.body).toHaveLength(2);
    expect(sms.body[0]).toMatchObject({
      session_id: id,
      phone_number: '+4799999999',
      message: expect.stringMatching(/^Your confirmation code is \d{6}$/),
    });
    expect(
      (await events(id)).filter((e) => e.name === 'SECRET_CONFIRMATION_CODE_SENT').map((e) => e.details.resent),
    ).toEqual([false, true]);
  });

  it('payments/{type}: the pay operation for an enabled type with the version; other types are 400', async () => {
    const id = await createExpress();
    const res = await customer.post(`/v1/view/${id}/payments/sandbox.creditcard?language=nb`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.operations).toEqual([
      {
        rel: 'pay-sandbox-creditcard',
        method: 'POST',
        href: `${customer.baseUrl}/v1/sessions/${id}/pay`,
        content_type: 'application/json',
      },
    ]);
    expect(res.body.version).toBe((await view(id)).body.version);
    expect((await customer.post(`/v1/view/${id}/payments/sandbox.invoice`)).body.error.code).toBe(
      'PAYMENT_PRODUCT_NOT_ENABLED',
    );
    expect((await customer.post(`/v1/view/${id}/payments/kassa.wallets`)).body.error.code).toBe(
      'PAYMENT_PRODUCT_NOT_ENABLED',
    );
    expect((await customer.post(`/v1/view/${id}/payments/sandbox.creditcard?phone_number=abc`)).status).toBe(400);
  });

  it('the deprecated shipping_address operation takes a bare address and asks the shop for options', async () => {
    const id = await createExpress();
    const res = await put(id, 'shipping_address', ADDRESS);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.shipping_address).toEqual(ADDRESS);
    expect(res.body.express.shipping_options).toHaveLength(2);
  });
});

describe('billing address', () => {
  it('a different billing address only when the shop allows it; otherwise billing follows shipping', async () => {
    const billing = { ...ADDRESS, first_name: 'Ola', address_line: 'Kirkegata 2', postal_code: '0153' };
    const allowed = await createExpress({
      configuration: { sandbox: { creditcard: { enabled: true } }, allow_different_billing_shipping_address: true },
    });
    expect((await view(allowed)).body.configuration.allow_different_billing_shipping_address).toBe(true);
    const res = await put(allowed, 'addresses', { shipping_address: ADDRESS, billing_address: billing });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ shipping_address: ADDRESS, billing_address: billing });
    expect((await events(allowed)).find((e) => e.name === 'SET_BILLING_ADDRESS')?.details.billing_address).toEqual(
      billing,
    );

    const single = await createExpress();
    const refused = await put(single, 'addresses', { shipping_address: ADDRESS, billing_address: billing });
    expect([refused.status, refused.body.error.errors[0].path]).toEqual([400, 'billing_address']);
    expect((await view(single)).body.order.shipping_address).toBeUndefined();
  });
});

describe("billing address: the public SDK's list of customer types (issue 37 item 18)", () => {
  const billing = { ...ADDRESS, first_name: 'Ola', address_line: 'Kirkegata 2', postal_code: '0153' };
  const withSetting = (value: unknown, more: Record<string, unknown> = {}) =>
    createExpress({
      configuration: {
        sandbox: { creditcard: { enabled: true } },
        allow_different_billing_shipping_address: value,
        ...more,
      },
    });

  it("a list is taken, read back as sent, and allows a separate billing address for the checkout's customer type", async () => {
    const b2c = await withSetting(['b2c']);
    expect((await api.get(`/v1/sessions/${b2c}`)).body.configuration.allow_different_billing_shipping_address).toEqual([
      'b2c',
    ]);
    expect((await view(b2c)).body.configuration.allow_different_billing_shipping_address).toBe(true);
    const res = await put(b2c, 'addresses', { shipping_address: ADDRESS, billing_address: billing });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.billing_address).toEqual(billing);

    // the checkout serves b2c customers unless default_customer_type says b2b: a list without its type does not allow it
    const b2bOnly = await withSetting(['b2b']);
    expect((await view(b2bOnly)).body.configuration.allow_different_billing_shipping_address).toBe(false);
    const refused = await put(b2bOnly, 'addresses', { shipping_address: ADDRESS, billing_address: billing });
    expect([refused.status, refused.body.error.errors[0].path]).toEqual([400, 'billing_address']);
    const b2b = await withSetting(['b2b'], { default_customer_type: 'b2b' });
    expect((await view(b2b)).body.configuration.allow_different_billing_shipping_address).toBe(true);
    expect((await view(await withSetting([]))).body.configuration.allow_different_billing_shipping_address).toBe(false);
    // the boolean of other clients is still read back as a boolean
    expect((await api.get(`/v1/sessions/${await withSetting(true)}`)).body.configuration).toMatchObject({
      allow_different_billing_shipping_address: true,
    });
  });

  it('anything else is 400 naming the field, and the document offers both forms', async () => {
    for (const value of [['b2x'], 'b2c', ['b2c', 'b2c', 'b2b'], 1]) {
      const res = await api.post('/v1/sessions', {
        url: { return_url: 'https://merchant.example/return' },
        order: { amount: 100, currency: 'NOK', merchant_reference: 'billing-bad' },
        configuration: { allow_different_billing_shipping_address: value },
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.error.errors[0].path).toMatch(/^configuration\.allow_different_billing_shipping_address/);
    }
    const doc = (await api.get('/v1/openapi.json')).body;
    const text = JSON.stringify(doc.paths['/v1/sessions'].post.requestBody);
    const resolved = JSON.stringify(doc.components.schemas);
    expect(`${text}${resolved}`).toMatch(/"allow_different_billing_shipping_address":\{"anyOf":\[\{"type":"boolean"\}/);
  });

  it('a profile takes both forms too, and a session made from it follows the rule', async () => {
    for (const value of [true, ['b2c']]) {
      const profileId = `billing-${Math.random().toString(36).slice(2, 10)}`;
      const profile = await api.post('/v1/admin/session/profiles', {
        profile_id: profileId,
        description: 'billing',
        configuration: { sandbox: { creditcard: { enabled: true } }, allow_different_billing_shipping_address: value },
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      const session = await api.post('/v1/sessions-profile', {
        profile_id: profileId,
        url: { return_url: 'https://merchant.example/return' },
        order: { amount: 100, currency: 'NOK', merchant_reference: profileId },
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      expect((await view(session.body.id)).body.configuration.allow_different_billing_shipping_address).toBe(true);
    }
  });
});

describe('If-Unmodified-Since on the view POSTs', () => {
  it('abandon, payment information and publish/scc answer 412 to a stale version and change nothing', async () => {
    const id = await createExpress();
    await put(id, 'addresses', { shipping_address: ADDRESS });
    const before = await view(id);
    const stale = { 'if-unmodified-since': '2001-01-01T00:00:00.000Z' };
    expect((await customer.post(`/v1/view/${id}/session/abandon`, undefined, stale)).status).toBe(412);
    expect(
      (
        await customer.post(
          `/v1/view/${id}/session/events/payment_information`,
          { billing_address: ADDRESS, shipping_address: ADDRESS, locale: 'nb-NO' },
          stale,
        )
      ).status,
    ).toBe(412);
    expect((await customer.post(`/v1/view/${id}/session/publish/scc`, undefined, stale)).status).toBe(412);
    expect((await view(id)).body).toEqual(before.body);
    expect((await events(id)).map((e) => e.name)).not.toEqual(expect.arrayContaining(['ADD_PAYMENT_INFORMATION']));
    expect((await api.get(`/v1/admin/sms?session_id=${id}`)).body).toEqual([]);
    const current = { 'if-unmodified-since': before.body.updated_at };
    expect((await customer.post(`/v1/view/${id}/session/abandon`, undefined, current)).status).toBe(302);
  });
});

describe('gift cards and the merchant', () => {
  it('a merchant cannot put gift cards on the order; its update keeps the customer’s cards, re-applied to the new amount', async () => {
    const refused = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: {
        amount: 1000,
        currency: 'NOK',
        merchant_reference: 'gift',
        gift_cards: [{ type: 'kassa.wallets', card_id: 'sbx_gc_0019', masked_card_token: 'x', amount: 1000 }],
      },
    });
    expect([refused.status, refused.body.error.errors[0].path]).toEqual([400, 'order.gift_cards']);

    const id = await createExpress({ express: { shipping_options: [HOME] } });
    await put(id, 'gift_cards', {
      gift_cards: [{ type: 'kassa.wallets.card_token', value: '6000000000000019', pin: '4321' }],
    });
    expect((await view(id)).body.order.gift_cards[0].amount).toBe(30000);
    expect((await customer.post(`/v1/view/${id}/session/lock`)).status).toBe(200);
    const items = [{ line_id: '1', description: 'Mug', quantity: 1, amount: 5000 }];
    const updated = await api.request('PUT', `/v1/sessions/${id}`, {
      order: { amount: 5000, currency: 'NOK', merchant_reference: 'gift-2', items },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = (await view(id)).body;
    expect(after.order.gift_cards).toEqual([
      { type: 'kassa.wallets', card_id: 'sbx_gc_0019', masked_card_token: '•••• 0019', amount: 5000 },
    ]);
    expect(after.amount_due).toBe(0);
  });
});
