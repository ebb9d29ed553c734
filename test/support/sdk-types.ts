/**
 * The fields the public Node SDK's types name (Dintero/Dintero.Node.SDK, src/generated/payments.d.ts at fa6d03b:
 * `checkout_session_get`'s 200 = Id & Session & SessionRead & SessionCancelled; `transactions_id_get`'s 200 =
 * Transaction; TransactionEvent; Card), as dotted paths: `a.b` a property, `a[]` the items of an array. Names only,
 * the top level and one nested level; what the SDK nests deeper (an order line's fields, an address inside a shipping
 * option) and the provider-specific blocks are named once. Left out: the provider blocks' `metadata` and
 * `events[].metadata` keys (`payex:payment:id`, `bambora:*`, ...), which only those providers write.
 */

const under = (prefix: string, names: string) => names.split(/\s+/).map((n) => `${prefix}${n}`);

/** SystemRequestHeaders, under `initiating_system_request_headers` (RequestHeaders adds dintero-checkout-instance-id). */
const SYSTEM_HEADERS =
  'dintero-system-name dintero-system-version dintero-system-plugin-name dintero-system-plugin-version user-agent';

/** OrderAddress. */
const ADDRESS =
  'first_name last_name address_line address_line_2 co_address business_name postal_code postal_place country ' +
  'phone_number email latitude longitude comment organization_number organization_type customer_reference cost_center';

/** The OrderAddress fields Kassa's Address (server/shared/order-shapes.ts) does not declare. */
const ADDRESS_NOT_MODELLED =
  'co_address latitude longitude comment organization_number organization_type customer_reference cost_center';

const CHECKBOX = 'id label checked required link';

/** GET /v1/sessions/{session_id} 200. */
export const SDK_SESSION_READ: readonly string[] = [
  ...under(
    '',
    'id created_at updated_at expires_at url customer order checkboxes[] express configuration customer_ip user_agent ' +
      'initiating_system_request_headers payment_operation events[] transaction_id metadata cancelled_by cancelled_at',
  ),
  ...under('url.', 'return_url callback_url merchant_terms_url'),
  ...under('customer.', 'customer_id email phone_number my_dintero gift_cards tokens'),
  ...under(
    'order.',
    'amount currency vat_amount merchant_reference merchant_reference_2 event_reference shipping_address ' +
      'billing_address partial_payment items[] gross_amount is_changed shipping_option store discount_lines[] ' +
      'discount_codes[] gift_cards[] payout_destination_id',
  ),
  ...under('checkboxes[].', CHECKBOX),
  ...under(
    'express.',
    'shipping_options[] shipping_mode discount_codes shipping_address_callback_url customer_types[] ' +
      'default_different_billing_shipping_address[]',
  ),
  ...under(
    'configuration.',
    'auto_capture channel publish[] active_payment_types default_payment_type payout allow_express_wallet_payment ' +
      'discounts theme countries default_customer_type allow_different_billing_shipping_address[] merchant',
  ),
  // PaymentConfiguration's per-provider blocks, each named once.
  ...under(
    'configuration.',
    'bambora dintero dintero_psp instabank netaxept payex vipps collector klarna kravia two santander seitatech swish',
  ),
  ...under('initiating_system_request_headers.', SYSTEM_HEADERS),
  ...under('events[].', 'created_at id request_id name request_headers details'),
  ...under('metadata.', 'session:profile_id'),
];

/** GET /v1/transactions/{id} 200, without its events (SDK_TRANSACTION_EVENT) and card's fields (SDK_CARD). */
export const SDK_TRANSACTION: readonly string[] = [
  ...under(
    '',
    'id created_at updated_at payment_product payment_product_type amount currency payout_destination_id ' +
      'merchant_reference merchant_reference_2 channel platform_type dynamic_descriptor payment_operation ' +
      'settlement_status customer customer_ip user_agent initiating_system_request_headers shipping_address ' +
      'shipping_option billing_address store status gift_cards[] items[] url events[] session_id session metadata ' +
      'checkboxes[] card',
  ),
  // TransactionCollector's and TransactionKravia's block, named once.
  'verified_identity',
  ...under('customer.', 'customer_id email phone_number my_dintero'),
  ...under('initiating_system_request_headers.', SYSTEM_HEADERS),
  ...under('shipping_address.', ADDRESS),
  ...under('billing_address.', ADDRESS),
  ...under(
    'shipping_option.',
    'id line_id countries[] amount vat_amount vat title description delivery_method operator operator_product_id ' +
      'eta time_slot pick_up_address metadata environmental_data thumbnail_url pay_in_store fee_split splits[] ' +
      'shipments[]',
  ),
  ...under(
    'store.',
    'id name business_name address chain email gln organization_number phone_number mcc bax terminal_id ' +
      'payout_destination_id',
  ),
  ...under('gift_cards[].', 'type card_id amount masked_card_token'),
  ...under(
    'items[].',
    'id groups[] line_id version description quantity amount vat_amount vat unit_volume unit_weight ' +
      'unit_dimensional_weight type fee_split splits[] thumbnail_url emd store eligible_for_discount is_changed ' +
      'gross_amount discount_lines[]',
  ),
  ...under('url.', 'redirect_url approval_url callback_url'),
  ...under(
    'metadata.',
    'merchant_name merchant_country merchant_category_code session:profile_id event_reference payout ' +
      'payout_correlation_id',
  ),
  ...under('checkboxes[].', CHECKBOX),
];

/** TransactionEvent, under the transaction's `events[]` (an event's `items[]` are order lines, compared above). */
export const SDK_TRANSACTION_EVENT: readonly string[] = [
  ...under(
    'events[].',
    'id transaction_status gift_cards[] event success correction error amount calculated_vat_amount items[] ' +
      'created_at created_by request_id metadata correlation_request_id event_reference request_headers settlements',
  ),
  ...under('events[].gift_cards[].', 'type card_id amount masked_card_token transaction_id'),
  ...under(
    'events[].correction.',
    'event_ids[] status remaining_capture_amount remaining_refund_amount remaining_void_amount',
  ),
  ...under('events[].error.', 'code message type[] result_code retry_policy'),
  ...under('events[].request_headers.', `${SYSTEM_HEADERS} dintero-checkout-instance-id`),
  ...under('events[].settlements.', 'events[] settlement_status'),
];

/** Card, the generic card of the card providers' blocks, under the transaction's `card`. */
export const SDK_CARD: readonly string[] = under(
  'card.',
  'brand masked_pan expiry_date type region country product_platform issuing_bank acquirer_transaction_type ' +
    'acquirer_stan acquirer_terminal_id acquirer_transaction_time authentication_status three_ds_version ' +
    'three_ds_server_trans_id eci payment_system_type payment_token payment_token_id recurrence_token ' +
    'recurrence_token_id card_holder_tokenization_consent entry_method',
);

// ---------------------------------------------------------------------------------------------------------------
// ABSENT, per list: the SDK fields the served document does not declare, with the reason (the closing note).
// test/integration/sdk-shapes.test.ts fails on an SDK field that is neither declared nor here, and on a field here
// that the document now declares.

const each = (prefix: string, names: string, reason: string): [string, string][] =>
  under(prefix, names).map((path) => [path, reason]);

const kept = (what: string) =>
  `not modelled: ${what} is a loose object, so the field comes back only as the merchant sent it; Kassa never sets or uses it`;
const provider = (what: string) => `provider-specific: ${what}; Kassa's providers are the sandbox and payment apps`;

const NO_PAYOUTS = 'Kassa pays nothing out (settlement_status is NOT_SETTLED): no payouts, splits or settlements';
const NO_CHECKBOXES =
  'Kassa has no session checkboxes: a session profile stores them, sessions do not copy them, and the answers the customer gives are in the SET_SHIPPING_ADDRESS event details';
const NO_MY_DINTERO = "the public API's own customer account sign-up (My Dintero); Kassa has none";

/** The entries as a map; a path named twice is a mistake in this file. */
const absent = (entries: [string, string][]): Readonly<Record<string, string>> => {
  const map = Object.fromEntries(entries);
  if (Object.keys(map).length !== entries.length) throw new Error('sdk-types.ts: a path is in ABSENT twice');
  return map;
};

/** GET /v1/sessions/{session_id}. */
const SESSION_READ_ABSENT = absent([
  ...each('', 'checkboxes[]', NO_CHECKBOXES),
  ...each('checkboxes[].', CHECKBOX, NO_CHECKBOXES),
  ['customer.my_dintero', NO_MY_DINTERO],
  [
    'customer.gift_cards',
    "Kassa does not preload the customer's gift cards on a session; the cards the customer applies are order.gift_cards",
  ],
  [
    'customer.tokens',
    'never returned: the stored card tokens a merchant sends are kept for paying only (server/sessions/session-repository.ts); the public read shows only their payment_token_id',
  ],
  [
    'order.gross_amount',
    "computed by the public API's own discount engine on the session; Kassa keeps gross_amount per item only",
  ],
  [
    'order.is_changed',
    "set by the public API's own discount engine on the session; the merchant's discount-code callback reprices Kassa's items instead",
  ],
  [
    'express.default_different_billing_shipping_address[]',
    'Kassa has no per-customer-type default for a separate billing address (configuration.allow_different_billing_shipping_address says which customer types may give one)',
  ],
  ['configuration.publish[]', 'Kassa sends no checkout link by SMS or push'],
  [
    'configuration.active_payment_types',
    'Kassa shows the payment types it offers on the view session (configuration.payment_methods), not here',
  ],
  ['configuration.payout', NO_PAYOUTS],
  ['configuration.allow_express_wallet_payment', provider('express payment in a wallet app (e.g. Vipps)')],
  [
    'configuration.countries',
    "Kassa does not limit the address form's countries per session (only per payment type: configuration.sandbox.<type>.countries)",
  ],
  ...each(
    'configuration.',
    'bambora dintero dintero_psp instabank netaxept payex vipps collector klarna kravia two santander seitatech swish',
    provider("that provider's configuration block (Kassa's own is configuration.sandbox)"),
  ),
]);

/** GET /v1/transactions/{id}. */
const TRANSACTION_ABSENT = absent([
  ['verified_identity', provider("Collector's and Kravia's verified identity of the payer")],
  ...each('shipping_address.', ADDRESS_NOT_MODELLED, kept('an address')),
  ...each('billing_address.', ADDRESS_NOT_MODELLED, kept('an address')),
  ...each(
    'shipping_option.',
    'countries[] operator_product_id metadata environmental_data',
    kept('order.shipping_option'),
  ),
  ...each('shipping_option.', 'fee_split splits[]', NO_PAYOUTS),
  ['shipping_option.shipments[]', 'Kassa has no multi-shipment orders'],
  ...each(
    'store.',
    'business_name address chain email gln organization_number phone_number mcc bax',
    kept("order.store (the stores API's own store is not copied onto the order)"),
  ),
  ...each(
    'items[].',
    'groups[] version unit_volume unit_weight unit_dimensional_weight type emd store eligible_for_discount is_changed',
    kept('an order line'),
  ),
  ...each('items[].', 'fee_split splits[]', NO_PAYOUTS),
  ...each(
    'url.',
    'redirect_url approval_url',
    "the public API's provider redirect and approval links; Kassa's redirect is in the pay answer, not on the transaction",
  ),
  ['metadata.merchant_name', "Kassa does not copy the account's name into a transaction's metadata"],
  [
    'metadata.event_reference',
    "Kassa shows order.event_reference as the auto capture's CAPTURE event's event_reference instead",
  ],
  ...each('metadata.', 'payout payout_correlation_id', NO_PAYOUTS),
  ...each('', 'checkboxes[]', NO_CHECKBOXES),
  ...each('checkboxes[].', CHECKBOX, NO_CHECKBOXES),
  ['customer.my_dintero', NO_MY_DINTERO],
]);

/** The transaction's events. */
const TRANSACTION_EVENT_ABSENT = absent([
  ...each(
    'events[].',
    'gift_cards[]',
    "Kassa shows the gift cards' parts on the transaction (gift_cards, card_amount), not per event",
  ),
  ...each(
    'events[].gift_cards[].',
    'type card_id amount masked_card_token transaction_id',
    "Kassa shows the gift cards' parts on the transaction (gift_cards, card_amount), not per event",
  ),
  ['events[].correction', 'Kassa records no correction events: no provider of it reports corrections'],
  ...each(
    'events[].correction.',
    'event_ids[] status remaining_capture_amount remaining_refund_amount remaining_void_amount',
    'Kassa records no correction events: no provider of it reports corrections',
  ),
  ['events[].calculated_vat_amount', "Kassa does not compute an event's VAT (its items carry their vat_amount)"],
  ['events[].settlements', NO_PAYOUTS],
  ...each('events[].settlements.', 'events[] settlement_status', NO_PAYOUTS),
  ['events[].error.result_code', provider("the acquirer's raw result code (error.code is Kassa's closed code)")],
  [
    'events[].request_headers.dintero-checkout-instance-id',
    "the public API's own checkout instance header; Kassa has no such instances and sets no such header",
  ],
]);

/** The transaction's card. */
const CARD_ABSENT = absent([
  ...each(
    'card.',
    'acquirer_transaction_type acquirer_stan acquirer_terminal_id acquirer_transaction_time',
    provider("the acquirer's own references (e.g. PayEx's acquirer block); the sandbox acquirer keeps none"),
  ),
  ...each(
    'card.',
    'authentication_status three_ds_version three_ds_server_trans_id eci',
    "the 3-D Secure result: the sandbox's challenge page approves or declines but the card summary does not record it",
  ),
  ['card.payment_system_type', 'Kassa takes card details directly: no wallet payment system (Apple Pay, ...)'],
  [
    'card.entry_method',
    'in-person payments only (chip, contactless); Kassa registers terminals but takes no in-person payments',
  ],
]);

/** Each SDK list with the fields of it the document does not declare, and why. */
export const SDK_TYPES = {
  'GET /v1/sessions/{session_id}': {
    path: '/v1/sessions/{session_id}',
    sdk: SDK_SESSION_READ,
    absent: SESSION_READ_ABSENT,
  },
  'GET /v1/transactions/{id}': { path: '/v1/transactions/{id}', sdk: SDK_TRANSACTION, absent: TRANSACTION_ABSENT },
  'the transaction events': {
    path: '/v1/transactions/{id}',
    sdk: SDK_TRANSACTION_EVENT,
    absent: TRANSACTION_EVENT_ABSENT,
  },
  "the transaction's card": { path: '/v1/transactions/{id}', sdk: SDK_CARD, absent: CARD_ABSENT },
} as const;
