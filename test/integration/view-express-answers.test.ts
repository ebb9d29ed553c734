import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { payBody, NORWEGIAN_CONTACT } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/**
 * The merchant's express callback answers are orders the merchant could not have stored itself
 * (ADR 015, amended): an answer whose resulting order a `PUT /v1/sessions/{id}` would refuse is a
 * failed callback (502 EXPRESS_CALLBACK_FAILED) and the session stays as it was.
 */
const { api, customer } = useKassa();

const ITEMS = [
  { line_id: '1', description: 'Mug', quantity: 2, amount: 19800 },
  { line_id: '2', description: 'Beans', quantity: 1, amount: 20000 },
];
const ITEMS_TOTAL = 39800;
/** Home delivery priced by region, as the demo store's `home-delivery`: 0–1 49 NOK, 8–9 99 NOK. */
const home = (postalCode = '0150') => ({
  id: 'home',
  line_id: 'ship-home',
  amount: postalCode.startsWith('9') ? 9900 : 4900,
  title: 'Home delivery',
});
const PICKUP = { id: 'pickup', line_id: 'ship-pickup', amount: 0, title: 'Pick-up point', delivery_method: 'pick_up' };
const at = (postal_code: string) => ({ ...NORWEGIAN_CONTACT, postal_code });

type Answer = { status: number; body: unknown };
type Respond = (session: any) => Answer;
/** The merchant's express endpoints on loopback, answered by the handler the test sets per path. */
const shop = await (async () => {
  const handlers: Record<string, Respond> = {};
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const handler = handlers[req.url ?? ''];
      const answer = handler ? handler(JSON.parse(text || '{}')) : { status: 500, body: {} };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    on: (path: string, fn: Respond) => (handlers[path] = fn),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
})();
afterAll(() => shop.close());

/** The shop's ordinary shipping answer: home delivery at the address's price and a free pick-up point, no order. */
const shippingOptions = (session: any) => [home(session.order.shipping_address?.postal_code ?? '0150'), PICKUP];
const plainShipping: Respond = (session) => ({ status: 200, body: { shipping_options: shippingOptions(session) } });

beforeEach(() => {
  shop.on('/shipping', plainShipping);
  shop.on('/discounts', (session) => ({
    status: 200,
    body: {
      shipping_options: session.express.shipping_options,
      order: { amount: session.order.amount, items: session.order.items, discount_codes: [] },
    },
  }));
});

const createExpress = async (order: Record<string, unknown> = {}, express: Record<string, unknown> = {}) => {
  const res = await api.post('/v1/sessions', {
    url: { return_url: 'https://merchant.example/return' },
    order: {
      amount: ITEMS_TOTAL,
      currency: 'NOK',
      merchant_reference: `answers-${Math.random().toString(36).slice(2, 10)}`,
      items: ITEMS,
      ...order,
    },
    express: {
      shipping_options: [],
      shipping_address_callback_url: `${shop.origin}/shipping`,
      discount_codes: { callback_url: `${shop.origin}/discounts`, max_count: 2 },
      ...express,
    },
    configuration: {
      sandbox: { creditcard: { enabled: true } },
      discounts: { express_discount_codes: { enabled: true } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
};
const put = (id: string, path: string, body: unknown) =>
  customer.request('PUT', `/v1/view/${id}/session/order/${path}`, body);
const stored = async (id: string) => (await api.get(`/v1/sessions/${id}`)).body;

/** An express session with an address in Oslo and home delivery (49 NOK) chosen: amount 44700. */
const withHomeDelivery = async () => {
  const id = await createExpress();
  expect((await put(id, 'addresses', { shipping_address: at('0150') })).status).toBe(200);
  const chosen = await put(id, 'shipping_option', home('0150'));
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  expect(chosen.body.order.amount).toBe(ITEMS_TOTAL + 4900);
  return id;
};

const pay = async (id: string) => {
  const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody());
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.success).toBe(true);
  return (await api.get(`/v1/transactions/${paid.body.transaction_id}`)).body;
};

/** Each answer is refused as a failed callback, and the stored session (order, express, events) is unchanged. */
const expectRefused = async (
  id: string,
  path: 'addresses' | 'discount_codes',
  body: unknown,
  answers: [string, Respond][],
) => {
  const before = await stored(id);
  const callback = path === 'addresses' ? '/shipping' : '/discounts';
  for (const [name, answer] of answers) {
    shop.on(callback, answer);
    const res = await put(id, path, body);
    expect([name, res.status, res.body?.error?.code]).toEqual([name, 502, 'EXPRESS_CALLBACK_FAILED']);
    expect(await stored(id), name).toEqual(before);
  }
};

describe('the shipping address callback: its order must be one the merchant could store', () => {
  it('refuses a wrong amount, changed or dropped items, duplicate line_ids, another currency and totals past int32', async () => {
    const id = await withHomeDelivery();
    const answer =
      (order: Record<string, unknown>): Respond =>
      (session) => ({ status: 200, body: { shipping_options: shippingOptions(session), order } });
    const INT32_MAX = 2_147_483_647;
    await expectRefused(id, 'addresses', { shipping_address: at('0151') }, [
      ['amount 1 for items worth 39800', answer({ amount: 1 })],
      [
        'an item re-priced, the amount kept',
        answer({ amount: 44700, items: [{ ...ITEMS[0], amount: 100 }, ITEMS[1]] }),
      ],
      ['an item dropped, the amount kept', answer({ amount: 44700, items: [ITEMS[1]] })],
      ['duplicate line_ids', answer({ amount: 44700, items: [ITEMS[0], { ...ITEMS[1], line_id: '1' }] })],
      ['another currency', answer({ amount: 44700, currency: 'EUR' })],
      [
        'items and the kept option adding up past int32',
        answer({
          amount: INT32_MAX,
          items: [
            { ...ITEMS[0], amount: INT32_MAX - 4900 },
            { ...ITEMS[1], amount: 4900 },
          ],
        }),
      ],
      [
        'items past int32, brought back by an order-level discount',
        answer({
          amount: 9800,
          items: [
            { ...ITEMS[0], amount: INT32_MAX },
            { ...ITEMS[1], amount: 4900 },
          ],
          discount_lines: [{ amount: INT32_MAX, line_id: 1 }],
        }),
      ],
    ]);

    // an answer that adds up is taken: the items re-priced for the new address, the amount with the option's price
    const items = [{ ...ITEMS[0], amount: 18800 }, ITEMS[1]];
    shop.on('/shipping', answer({ amount: 38800 + 4900, items, currency: 'nok' }));
    const ok = await put(id, 'addresses', { shipping_address: at('0151') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order).toMatchObject({ amount: 43700, currency: 'NOK', items });
    expect((await pay(id)).amount).toBe(43700);
  });
});

describe('the order stays within int32', () => {
  it('items at the int32 maximum are taken, but no shipping option can then be added to them', async () => {
    const id = await createExpress();
    const INT32_MAX = 2_147_483_647;
    const items = [{ ...ITEMS[0], amount: INT32_MAX - 20000 }, ITEMS[1]];
    shop.on('/shipping', (session) => ({
      status: 200,
      body: { shipping_options: shippingOptions(session), order: { amount: INT32_MAX, items } },
    }));
    const addressed = await put(id, 'addresses', { shipping_address: at('0150') });
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
    expect(addressed.body.order.amount).toBe(INT32_MAX);
    const before = await stored(id);
    const refused = await put(id, 'shipping_option', home('0150'));
    expect([refused.status, refused.body.error?.code]).toEqual([400, 'SHIPPING_OPTION_NOT_AVAILABLE']);
    expect(await stored(id)).toEqual(before);
    const free = await put(id, 'shipping_option', PICKUP);
    expect([free.status, free.body.order.amount]).toEqual([200, INT32_MAX]);
  });
});

describe('a chosen shipping option takes the price the new address is offered', () => {
  it('home delivery 49 NOK in Oslo becomes 99 NOK in Tromsø: the order and the payment follow', async () => {
    const id = await withHomeDelivery();
    const moved = await put(id, 'addresses', { shipping_address: at('9008') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.order.shipping_option).toEqual(home('9008'));
    expect(moved.body.order.amount).toBe(ITEMS_TOTAL + 9900);
    expect((await stored(id)).order).toMatchObject({
      amount: ITEMS_TOTAL + 9900,
      shipping_option: { id: 'home', amount: 9900 },
    });

    // an answer with an order states the amount at the new price; the old price's amount is refused
    await expectRefused(id, 'addresses', { shipping_address: at('0150') }, [
      [
        'the amount at the old price',
        (session) => ({
          status: 200,
          body: { shipping_options: shippingOptions(session), order: { amount: ITEMS_TOTAL + 9900 } },
        }),
      ],
    ]);
    shop.on('/shipping', (session) => ({
      status: 200,
      body: { shipping_options: shippingOptions(session), order: { amount: ITEMS_TOTAL + 4900 } },
    }));
    const back = await put(id, 'addresses', { shipping_address: at('0150') });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect([back.body.order.shipping_option.amount, back.body.order.amount]).toEqual([4900, ITEMS_TOTAL + 4900]);

    shop.on('/shipping', plainShipping);
    expect((await put(id, 'addresses', { shipping_address: at('9008') })).body.order.amount).toBe(ITEMS_TOTAL + 9900);
    const tx = await pay(id);
    expect(tx.amount).toBe(ITEMS_TOTAL + 9900);
    expect(tx.shipping_option).toMatchObject({ id: 'home', amount: 9900 });
  });
});

describe('the discount codes callback: the same rule', () => {
  /** SAVE10 as the shop prices it: 10 % off each item, the chosen option at its offered price. */
  const save10 = (session: any, change: (order: any) => any = (o) => o): Answer => {
    const items = (session.order.items as typeof ITEMS).map((i) => {
      const off = Math.floor(i.amount / 10);
      return {
        ...i,
        gross_amount: i.amount,
        amount: i.amount - off,
        discount_lines: [{ amount: off, discount_id: 'SAVE10', line_id: 1 }],
      };
    });
    const amount = items.reduce((s, i) => s + i.amount, 0) + (session.order.shipping_option?.amount ?? 0);
    return {
      status: 200,
      body: {
        shipping_options: session.express.shipping_options,
        order: change({ amount, items, discount_codes: ['SAVE10'] }),
      },
    };
  };

  it('refuses duplicate line_ids, another currency, a total of 0 and items that contradict themselves', async () => {
    const id = await withHomeDelivery();
    const free = (session: any) => ({
      status: 200,
      body: {
        shipping_options: [{ ...home('0150'), amount: 0 }, PICKUP],
        order: {
          amount: 0,
          discount_codes: ['SAVE10'],
          items: (session.order.items as typeof ITEMS).map((i) => ({
            ...i,
            gross_amount: i.amount,
            amount: 0,
            discount_lines: [{ amount: i.amount, line_id: 1 }],
          })),
        },
      },
    });
    await expectRefused(id, 'discount_codes', { discount_codes: ['SAVE10'] }, [
      [
        'duplicate line_ids',
        (s) =>
          save10(s, (o) => ({
            ...o,
            items: [...o.items, { line_id: '2', description: 'Beans again', quantity: 1, amount: 0 }],
          })),
      ],
      ['another currency', (s) => save10(s, (o) => ({ ...o, currency: 'EUR' }))],
      ['a total of 0', free],
      [
        'amount is not gross less its discount lines',
        (s) =>
          save10(s, (o) => ({
            ...o,
            items: [{ ...o.items[0], discount_lines: [{ amount: 1000, line_id: 1 }] }, o.items[1]],
          })),
      ],
      [
        'amount above gross without discount lines',
        (s) =>
          save10(s, (o) => ({ ...o, items: [{ ...o.items[0], gross_amount: 100, discount_lines: [] }, o.items[1]] })),
      ],
    ]);

    shop.on('/discounts', (s) => save10(s));
    const ok = await put(id, 'discount_codes', { discount_codes: ['SAVE10'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.amount).toBe(17820 + 18000 + 4900);
  });

  it('a session without items: the amount must still be the shipping option less discounts', async () => {
    const id = await createExpress(
      { amount: 10000, items: undefined },
      { shipping_address_callback_url: undefined, shipping_options: [home()] },
    );
    expect((await put(id, 'addresses', { shipping_address: at('0150') })).status).toBe(200);
    expect((await put(id, 'shipping_option', home())).body.order.amount).toBe(14900);
    await expectRefused(id, 'discount_codes', { discount_codes: ['SAVE10'] }, [
      [
        'amount 1 with a 4900 option',
        (session) => ({
          status: 200,
          body: {
            shipping_options: session.express.shipping_options,
            order: { amount: 1, discount_codes: ['SAVE10'] },
          },
        }),
      ],
    ]);
    expect((await pay(id)).amount).toBe(14900);
  });
});

describe('an answer’s order replaces the order-level discount lines', () => {
  it('a code that added an order-level discount line can be removed: the full price comes back', async () => {
    const id = await withHomeDelivery();
    shop.on('/discounts', (session) => {
      const codes = session.order.discount_codes as string[];
      const items = (session.order.items as typeof ITEMS).map(({ line_id, description, quantity, amount }) => ({
        line_id,
        description,
        quantity,
        amount,
      }));
      const full = ITEMS_TOTAL + session.order.shipping_option.amount;
      return codes.includes('TENOFF')
        ? {
            status: 200,
            body: {
              shipping_options: session.express.shipping_options,
              order: {
                amount: full - 1000,
                items,
                discount_codes: ['TENOFF'],
                discount_lines: [{ amount: 1000, discount_id: 'TENOFF', line_id: 1 }],
              },
            },
          }
        : {
            status: 200,
            body: {
              shipping_options: session.express.shipping_options,
              order: { amount: full, items, discount_codes: [] },
            },
          };
    });
    const applied = await put(id, 'discount_codes', { discount_codes: ['TENOFF'] });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.order.amount).toBe(43700);
    expect((await stored(id)).order.discount_lines).toEqual([{ amount: 1000, discount_id: 'TENOFF', line_id: 1 }]);

    const removed = await put(id, 'discount_codes', { discount_codes: [] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    const order = (await stored(id)).order;
    expect(order.discount_lines).toBeUndefined();
    expect([order.amount, order.discount_codes]).toEqual([44700, []]);
    expect((await pay(id)).amount).toBe(44700);
  });
});

describe("issue 27 item 1: the order's VAT follows its lines when Kassa re-prices it", () => {
  // 25 % VAT included: 19800 → 3960, 20000 → 4000; home delivery 4900 → 980
  const VAT_ITEMS = [
    { ...ITEMS[0], vat_amount: 3960, vat: 25 },
    { ...ITEMS[1], vat_amount: 4000, vat: 25 },
  ];
  const homeWithVat = (postalCode = '0150') => ({ ...home(postalCode), vat_amount: 980, vat: 25 });
  const vatShipping: Respond = () => ({ status: 200, body: { shipping_options: [homeWithVat(), PICKUP] } });
  /** SAVE10 as the demo store answers it: every item 10 % off with its VAT, and no vat_amount on the order. */
  const save10: Respond = (session) => {
    const items = session.order.items.map((i: { amount: number; vat_amount: number }) => ({
      ...i,
      amount: i.amount - i.amount / 10,
      vat_amount: i.vat_amount - i.vat_amount / 10,
    }));
    const shipping = session.order.shipping_option?.amount ?? 0;
    const amount = items.reduce((s: number, i: { amount: number }) => s + i.amount, 0) + shipping;
    return {
      status: 200,
      body: {
        shipping_options: session.express.shipping_options,
        order: { amount, items, discount_codes: ['SAVE10'] },
      },
    };
  };

  it("choosing a shipping option adds its VAT; a discount answer without vat_amount takes its lines' VAT", async () => {
    shop.on('/shipping', vatShipping);
    const id = await createExpress({ items: VAT_ITEMS, vat_amount: 7960 });
    expect((await put(id, 'addresses', { shipping_address: at('0150') })).status).toBe(200);
    const chosen = await put(id, 'shipping_option', homeWithVat());
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.order).toMatchObject({ amount: ITEMS_TOTAL + 4900, vat_amount: 7960 + 980 });

    shop.on('/discounts', save10);
    const discounted = await put(id, 'discount_codes', { discount_codes: ['SAVE10'] });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
    expect(discounted.body.order).toMatchObject({ amount: 35820 + 4900, vat_amount: 7164 + 980 });
    expect((await stored(id)).order.vat_amount).toBe(7164 + 980);
    const tx = await pay(id);
    expect(tx.amount).toBe(35820 + 4900);
  });

  it('an answer whose stated vat_amount contradicts its lines is a failed callback and changes nothing', async () => {
    shop.on('/shipping', vatShipping);
    const id = await createExpress({ items: VAT_ITEMS, vat_amount: 7960 });
    expect((await put(id, 'addresses', { shipping_address: at('0150') })).status).toBe(200);
    expect((await put(id, 'shipping_option', homeWithVat())).status).toBe(200);
    const stating =
      (vat: number): Respond =>
      (session) => {
        const answer = save10(session) as { status: number; body: { order: Record<string, unknown> } };
        return { ...answer, body: { ...answer.body, order: { ...answer.body.order, vat_amount: vat } } };
      };
    await expectRefused(id, 'discount_codes', { discount_codes: ['SAVE10'] }, [
      ['the VAT before the discount', stating(7960)],
    ]);
    shop.on('/discounts', stating(7164 + 980));
    const agreed = await put(id, 'discount_codes', { discount_codes: ['SAVE10'] });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.order.vat_amount).toBe(7164 + 980);
  });

  it('lines that do not state their VAT: a re-priced order shows no VAT rather than the old one', async () => {
    const id = await createExpress({ vat_amount: 7960 });
    expect((await put(id, 'addresses', { shipping_address: at('0150') })).status).toBe(200);
    const chosen = await put(id, 'shipping_option', home('0150'));
    expect(chosen.status).toBe(200);
    expect(chosen.body.order.amount).toBe(ITEMS_TOTAL + 4900);
    expect(chosen.body.order).not.toHaveProperty('vat_amount');
  });
});
