import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISCOUNT_ANSWER, EXPRESS_SESSION, SHIPPING_ANSWER } from '../../app/docs/express-callbacks/examples';
import { NORWEGIAN_CONTACT } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/**
 * The express callbacks guide (/docs/express-callbacks) shows a session and the two answers of a shop: here a
 * real Kassa takes that session, and a shop answering exactly those examples prices the order as the guide says.
 */
const { api, customer } = useKassa();

const shippingAnswer = JSON.parse(SHIPPING_ANSWER);
// the guide leaves the repeated shipping options out of the discount answer ("[ ... ]"): they are the ones above
const discountAnswer = JSON.parse(DISCOUNT_ANSWER.replace('[ ... ]', JSON.stringify(shippingAnswer.shipping_options)));

let shop: http.Server;
let origin = '';
const received: string[] = [];
beforeAll(async () => {
  shop = http.createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    const answer = req.url === '/kassa/shipping' ? shippingAnswer : discountAnswer;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (shop.closeAllConnections(), shop.close(() => resolve()))));

it("the guide's session is accepted, and its shipping and discount answers price the order as the guide says", async () => {
  const body = JSON.parse(EXPRESS_SESSION.replaceAll('https://shop.example', origin));
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const put = (what: string, value: unknown) =>
    customer.request('PUT', `/v1/view/${created.body.id}/session/order/${what}`, value);

  const addressed = await put('addresses', { shipping_address: { ...NORWEGIAN_CONTACT, postal_code: '0485' } });
  expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
  expect(addressed.body.express.shipping_options.map((o: { line_id: string }) => o.line_id)).toEqual([
    'home-delivery',
    'pick-up-storo',
  ]);
  const pickUp = shippingAnswer.shipping_options[1];
  const chosen = await put('shipping_option', pickUp);
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  expect(chosen.body.order.amount).toBe(39800 + 2900);

  const discounted = await put('discount_codes', { discount_codes: ['SAVE10'] });
  expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
  expect(discounted.body.order).toMatchObject({
    amount: 38720,
    discount_codes: ['SAVE10'],
    items: [
      { line_id: '1', amount: 17820, gross_amount: 19800 },
      { line_id: '2', amount: 18000, gross_amount: 20000 },
    ],
  });
  expect(received).toEqual(['/kassa/shipping', '/kassa/discounts']);
});
