import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/http/openapi';
import { ROUTES } from '../../server/http/route-table';
import {
  CreatePaymentTokenSessionBody,
  CreateSessionBody,
  PayMerchantInitiatedBody,
  UpdateSessionBody,
} from '../../server/sessions/session-schemas';
import { SetGiftCardsBody } from '../../server/view/view-schemas';

/**
 * Issue 27 item 19: what the session operations refuse for the request itself, the document states: a merchant's order
 * has no gift cards (the read order has them), only a card payment of POST /v1/sessions/pay declares `operation`, and a
 * gift card of the checkout page gives exactly one of `value` and `card_token`.
 */
type Json = Record<string, any>;
const doc = buildOpenApiDocument(ROUTES, '/') as Json;
const operation = (id: string): Json =>
  Object.values(doc.paths as Json)
    .flatMap((ops) => Object.values(ops as Json))
    .find((op) => op.operationId === id);
const bodyOf = (id: string): Json => operation(id).requestBody.content['application/json'].schema;

const order = { amount: 1000, currency: 'NOK', merchant_reference: 'r-1' };
const applied = [{ type: 'kassa.wallets', card_id: 'sbx_gc_0019', masked_card_token: 'x', amount: 1000 }];

describe('the order a merchant sends and the order Kassa returns', () => {
  it('no merchant order documents gift_cards, each states it must not have them; the session read keeps them', () => {
    const orders = {
      checkout_session_post: bodyOf('checkout_session_post').properties.order,
      checkout_session_put: bodyOf('checkout_session_put').properties.order,
      checkout_session_profile_post: bodyOf('checkout_session_profile_post').properties.order,
      checkout_session_payment_token_post: bodyOf('checkout_session_payment_token_post').properties.session.properties
        .order,
    };
    for (const [id, schema] of Object.entries(orders)) {
      expect(Object.keys(schema.properties), id).not.toContain('gift_cards');
      expect(schema.propertyNames, id).toEqual({ not: { const: 'gift_cards' }, pattern: expect.any(String) });
    }
    expect(doc.components.schemas.SessionOrder.properties.gift_cards.items).toEqual({
      $ref: '#/components/schemas/AppliedGiftCard',
    });
  });

  it('a merchant body with order.gift_cards is still refused, with the reason', () => {
    const bodies = [
      CreateSessionBody.safeParse({
        url: { return_url: 'https://shop.example/r' },
        order: { ...order, gift_cards: [] },
      }),
      UpdateSessionBody.safeParse({ order: { ...order, gift_cards: applied } }),
    ];
    for (const r of bodies)
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['order.gift_cards', 'gift cards are applied by the customer on the checkout page'],
      ]);
    const token = CreatePaymentTokenSessionBody.safeParse({
      session: { url: { return_url: 'https://shop.example/r' }, order: { ...order, amount: 0, gift_cards: applied } },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    expect(token.error?.issues.map((i) => i.path.join('.'))).toEqual(['session.order.gift_cards']);
  });
});

describe('POST /v1/sessions/pay: the payment by its type', () => {
  const session = { order, customer: { tokens: { 'sandbox.creditcard': { payment_token: 'tok' } } } };

  it('the document gives one shape per payment type; only the card shape has operation', () => {
    const shapes = bodyOf('checkout_sessions_pay_post').properties.payment.oneOf as Json[];
    const byType = Object.fromEntries(shapes.map((s) => [s.properties.payment_product_type.enum[0], s]));
    expect(Object.keys(byType).sort()).toEqual(['sandbox.creditcard', 'sandbox.invoice']);
    expect(Object.keys(byType['sandbox.creditcard'].properties)).toContain('operation');
    expect(Object.keys(byType['sandbox.invoice'].properties)).toEqual(['payment_product_type']);
    for (const s of shapes) expect(s.additionalProperties).toBe(false);
  });

  it('a card payment takes operation; an invoice payment with it is refused and says why', () => {
    const card = { payment_product_type: 'sandbox.creditcard', operation: 'recurring_purchase' };
    expect(PayMerchantInitiatedBody.safeParse({ session, payment: card }).success).toBe(true);
    const invoice = { payment_product_type: 'sandbox.invoice', operation: 'unscheduled_purchase' };
    const refused = PayMerchantInitiatedBody.safeParse({ session, payment: invoice });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['payment', 'operation is only for card payment types'],
    ]);
  });
});

describe('PUT /v1/view/{session_id}/session/order/gift_cards: value or card_token', () => {
  it('the document gives two exclusive shapes, one requiring value, the other card_token', () => {
    const shapes = bodyOf('checkout_sid_json_order_gift_cards_put').properties.gift_cards.items.anyOf as Json[];
    expect(shapes.map((s) => s.required.sort())).toEqual([
      ['type', 'value'],
      ['card_token', 'type'],
    ]);
    for (const s of shapes) expect(s.additionalProperties).toBe(false);
  });

  it('both or neither are refused with the reason; card_token is read as the value', () => {
    const type = 'kassa.wallets.card_token';
    for (const card of [{ type, value: '6000', card_token: '6000' }, { type }]) {
      const r = SetGiftCardsBody.safeParse({ gift_cards: [card] });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['gift_cards.0', 'give exactly one of value and card_token'],
      ]);
    }
    const read = SetGiftCardsBody.parse({
      gift_cards: [
        { type, card_token: '6000', pin: '1' },
        { type, value: '7' },
      ],
    });
    expect(read.gift_cards).toEqual([
      { type, value: '6000', pin: '1' },
      { type, value: '7' },
    ]);
  });
});
