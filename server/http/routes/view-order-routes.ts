import { abandonSession } from '../../view/abandon-session';
import { recordPaymentInformation } from '../../view/record-payment-information';
import { setDiscountCodes } from '../../view/set-discount-codes';
import { setGiftCards } from '../../view/set-gift-cards';
import { setOrderAddresses } from '../../view/set-order-addresses';
import { setShippingOption } from '../../view/set-shipping-option';
import {
  PaymentInformationBody,
  SetAddressesBody,
  SetDiscountCodesBody,
  SetGiftCardsBody,
  SetShippingOptionBody,
  ShippingAddressBody,
  ViewWriteHeaders,
} from '../../view/view-schemas';
import { SessionIdParams, ViewSessionSchema } from '../../sessions/session-schemas';
import { ErrorBody } from '../../shared/schemas';
import { clientAddress } from '../client-address';
import { defineRoute, ok, redirect } from '../route';

const view = { description: 'The updated session, as the checkout page reads it', schema: ViewSessionSchema };
const errors = {
  400: { description: 'Invalid body, not an express session, or locked while the shop updates it', schema: ErrorBody },
  404: { description: 'Session not found, or no longer payable (`error.cause` says why)', schema: ErrorBody },
  412: {
    description: "`If-Unmodified-Since` does not match the session's `updated_at` (nothing was changed)",
    schema: ErrorBody,
  },
};
const callbackFailed = {
  502: { description: "The shop's callback failed (nothing was changed; try again)", schema: ErrorBody },
};
const tooMany = {
  429: {
    description:
      'Too many changes to this session: KASSA_VIEW_WRITES_PER_SESSION an hour (with `Retry-After`), or its events hold KASSA_VIEW_EVENT_BYTES_PER_SESSION bytes (nothing was changed)',
    schema: ErrorBody,
  },
};
const common = { tags: ['checkout view'], auth: 'none' as const, params: SessionIdParams, headers: ViewWriteHeaders };
const noContent = { status: 204 };

export const viewOrderRoutes = [
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_order_addresses_put',
    method: 'PUT',
    path: '/v1/view/{session_id}/session/order/addresses',
    summary:
      "Set the customer's shipping and billing address (the shop's shipping address callback refreshes the shipping options)",
    body: SetAddressesBody,
    responses: { 200: view, ...errors, ...callbackFailed, ...tooMany },
    handle: async ({ ctx, params, headers, body, meta }) =>
      ok(await setOrderAddresses(ctx, params.session_id, body, headers['if-unmodified-since'], meta)),
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_order_shipping_address_put',
    method: 'PUT',
    path: '/v1/view/{session_id}/session/order/shipping_address',
    summary: 'Set the shipping address (deprecated: use .../order/addresses)',
    body: ShippingAddressBody,
    responses: { 200: view, ...errors, ...callbackFailed, ...tooMany },
    handle: async ({ ctx, params, headers, body, meta }) =>
      ok(
        await setOrderAddresses(
          ctx,
          params.session_id,
          { shipping_address: body },
          headers['if-unmodified-since'],
          meta,
        ),
      ),
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_order_shipping_option_put',
    method: 'PUT',
    path: '/v1/view/{session_id}/session/order/shipping_option',
    summary: "Choose one of the shop's shipping options (order.amount = items + its price)",
    body: SetShippingOptionBody,
    responses: { 200: view, ...errors, ...tooMany },
    handle: async ({ ctx, params, headers, body, meta }) =>
      ok(await setShippingOption(ctx, params.session_id, body, headers['if-unmodified-since'], meta)),
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_order_discount_codes_put',
    method: 'PUT',
    path: '/v1/view/{session_id}/session/order/discount_codes',
    summary: "Set discount codes; the shop's discount callback re-prices the order",
    body: SetDiscountCodesBody,
    responses: { 200: view, 204: { description: 'No discount applies' }, ...errors, ...callbackFailed, ...tooMany },
    handle: async ({ ctx, params, headers, body, meta }) => {
      const { applied, view } = await setDiscountCodes(
        ctx,
        params.session_id,
        body.discount_codes,
        headers['if-unmodified-since'],
        meta,
      );
      return applied ? ok(view) : noContent;
    },
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_order_gift_cards_put',
    method: 'PUT',
    path: '/v1/view/{session_id}/session/order/gift_cards',
    summary: 'Replace the gift cards (an empty list removes them); each pays up to its balance',
    body: SetGiftCardsBody,
    responses: {
      200: view,
      204: { description: 'No gift card is used' },
      ...errors,
      429: {
        description: `${tooMany[429].description}; or too many wrong gift card tries (unknown token or number, wrong PIN) on this session, for this card or from this address (ADR 030)`,
        schema: ErrorBody,
      },
    },
    handle: async ({ ctx, params, headers, body, meta }) => {
      const address = clientAddress(meta, ctx.env.KASSA_TRUST_PROXY);
      const { used, view } = await setGiftCards(
        ctx,
        params.session_id,
        body.gift_cards,
        headers['if-unmodified-since'],
        meta,
        address,
      );
      return used ? ok(view) : noContent;
    },
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_json_abandon_post',
    method: 'POST',
    path: '/v1/view/{session_id}/session/abandon',
    summary: 'The customer cancels: 302 to the return URL with `merchant_reference` and `error=cancelled`',
    responses: {
      302: { description: 'Back to the shop', headers: { location: 'The return URL' } },
      404: errors[404],
      412: errors[412],
    },
    handle: async ({ ctx, params, headers, meta }) =>
      redirect(await abandonSession(ctx, params.session_id, headers['if-unmodified-since'], meta)),
  }),
  defineRoute({
    ...common,
    operationId: 'checkout_sid_events_pi_post',
    method: 'POST',
    path: '/v1/view/{session_id}/session/events/payment_information',
    summary: 'Record the payment information the customer gave (ADD_PAYMENT_INFORMATION)',
    body: PaymentInformationBody,
    responses: { 204: { description: 'Recorded' }, 400: errors[400], 404: errors[404], 412: errors[412], ...tooMany },
    handle: async ({ ctx, params, headers, body, meta }) => {
      await recordPaymentInformation(ctx, params.session_id, body, headers['if-unmodified-since'], meta);
      return noContent;
    },
  }),
];
