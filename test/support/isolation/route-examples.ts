import { ROUTES } from '../../../server/http/route-table';
import type { RouteDef } from '../../../server/http/route';
import { APPROVE_CARD, payBody, sessionBody } from '../api-client';
import { payoutBody, serialNumber, storeBody } from '../terminals-api';
import { ACCOUNT } from '../test-server';
import { ADDRESS as address, HOME, type AccountA } from './resources';

/**
 * One valid request per operation, on account A's resources (`{aid}` is filled in by the caller):
 * with A's own credentials each would succeed, so in the isolation matrix only the credentials
 * decide the outcome. A new operation fails `isolation-examples.test.ts` until it has a line here.
 */
export interface Example {
  /** Path parameters except `aid`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * Not about A's resources: with B's own valid credentials it lists or creates in B's account, so
   * a 2xx is right there (still without a byte of A's data, and changing nothing of A's).
   */
  ownAccount?: true;
}

export type ExampleOf = (a: AccountA) => Example;

const neutralSession = () =>
  sessionBody({}, { merchant_reference: `neutral-${Math.random().toString(36).slice(2, 10)}` });
const neutral = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;

export const ROUTE_EXAMPLES: Record<string, ExampleOf> = {
  // sessions and the merchant's payments
  checkout_sessions_get: () => ({ ownAccount: true }),
  checkout_session_put: (a) => ({
    params: { session_id: a.sessions.open },
    query: { update_without_lock: 'true' },
    body: {
      order: {
        amount: 100,
        currency: 'NOK',
        merchant_reference: neutral('put'),
        items: [{ line_id: '1', amount: 100, quantity: 1, description: 'x', vat_amount: 0 }],
      },
    },
  }),
  checkout_session_cancel_post: (a) => ({ params: { session_id: a.sessions.toCancel } }),
  checkout_session_payment_token_post: () => ({
    ownAccount: true,
    body: {
      session: {
        url: { return_url: 'https://merchant.example/saved' },
        order: { amount: 0, currency: 'NOK', merchant_reference: neutral('pt') },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    },
  }),
  // B presenting A's stored card's payment token: B's own payment, which must not find A's card.
  checkout_sessions_pay_post: (a) => ({
    ownAccount: true,
    body: {
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: neutral('mit') },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: a.paymentToken } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard', operation: 'unscheduled_purchase' },
    },
  }),
  checkout_session_post: () => ({ ownAccount: true, body: neutralSession() }),
  checkout_session_profile_post: (a) => {
    const { url: _url, ...rest } = neutralSession();
    return { body: { profile_id: a.profileId, ...rest } };
  },
  checkout_session_get: (a) => ({ params: { session_id: a.sessions.authorized } }),

  // the customer's (no credentials): session_id is replaced by the session under test
  checkout_session_redirect_get: (a) => ({
    params: { session_id: a.sessions.authorized, redirect_ref: a.transactions.authorized },
  }),
  checkout_sid_get: (a) => ({ params: { session_id: a.sessions.open } }),
  checkout_sid_json_get: (a) => ({ params: { session_id: a.sessions.open } }),
  checkout_sid_pay_post: (a) => ({ params: { session_id: a.sessions.open }, body: payBody(APPROVE_CARD) }),
  checkout_sid_json_lock_post: (a) => ({ params: { session_id: a.sessions.open } }),
  checkout_sid_json_order_addresses_put: (a) => ({
    params: { session_id: a.sessions.open },
    body: { shipping_address: address, billing_address: address },
  }),
  checkout_sid_json_order_shipping_address_put: (a) => ({ params: { session_id: a.sessions.open }, body: address }),
  checkout_sid_json_order_shipping_option_put: (a) => ({ params: { session_id: a.sessions.open }, body: HOME }),
  checkout_sid_json_order_discount_codes_put: (a) => ({
    params: { session_id: a.sessions.open },
    body: { discount_codes: ['SUMMER'] },
  }),
  // A's wallet card token, applied on the session under test (another account's session must not reach A's card)
  checkout_sid_json_order_gift_cards_put: (a) => ({
    params: { session_id: a.sessions.open },
    body: { gift_cards: [{ type: 'kassa.wallets.card_token', value: a.walletTokenValue, pin: a.walletTokenPin }] },
  }),
  checkout_sid_json_abandon_post: (a) => ({ params: { session_id: a.sessions.open } }),
  checkout_sid_events_pi_post: (a) => ({
    params: { session_id: a.sessions.open },
    body: { billing_address: address, shipping_address: address, locale: 'nb-NO' },
  }),
  checkout_customer_action_return_get: (a) => ({
    params: { session_id: a.sessions.authorized, transaction_id: a.transactions.authorized },
  }),
  sandbox_customer_action_post: (a) => ({
    params: { session_id: a.sessions.authorized, kind: '3ds', transaction_id: a.transactions.authorized },
    body: { decision: 'complete' },
  }),
  checkout_sid_payments_post: (a) => ({
    params: { session_id: a.sessions.open, payment_product_type: 'sandbox.creditcard' },
  }),
  checkout_sid_send_scc: (a) => ({ params: { session_id: a.sessions.open } }),

  // transactions
  transactions_id_get: (a) => ({ params: { id: a.transactions.captured } }),
  transactions_id_capture_post: (a) => ({ params: { id: a.transactions.authorized }, body: { amount: 100 } }),
  transactions_id_refund_post: (a) => ({ params: { id: a.transactions.captured }, body: { amount: 100 } }),
  transactions_id_void_post: (a) => ({ params: { id: a.transactions.toVoid } }),
  transactions_get: () => ({ ownAccount: true }),
  transactions_id_put: (a) => ({
    params: { id: a.transactions.captured },
    body: { merchant_reference_2: neutral('ref2') },
  }),
  transactions_id_authorization_post: (a) => ({
    params: { id: a.transactions.authorized },
    body: {
      amount: a.amount + 100,
      final_authorization: false,
      items: [{ line_id: '1', amount: a.amount + 100, quantity: 1, description: 'x', vat_amount: 0 }],
    },
  }),
  events_transaction_sync_status_post: (a) => ({ body: { transaction_id: a.transactions.captured } }),
  events_transaction_extend_authorization_post: (a) => ({ body: { transaction_id: a.transactions.invoice } }),

  // admin (an account's own settings: B acts on its own)
  admin_sms_list: () => ({ ownAccount: true }),
  admin_signature_get: () => ({ ownAccount: true }),
  admin_signature_post: () => ({ ownAccount: true }),
  admin_api_keys_post: () => ({ ownAccount: true, body: { name: 'neutral' } }),
  admin_api_keys_get: () => ({ ownAccount: true }),
  admin_api_keys_delete: (a) => ({ params: { api_key_id: a.apiKeyId } }),
  admin_api_keys_rotate_post: (a) => ({ params: { api_key_id: a.apiKeyId } }),
  // clients and grants (issue 26): B's own path must not find A's client or grant
  aid_auth_clients_post: () => ({ ownAccount: true, body: { name: 'neutral' } }),
  aid_auth_clients_get: () => ({ ownAccount: true }),
  aid_auth_client_get: (a) => ({ params: { id: a.clientId } }),
  aid_auth_client_put: (a) => ({ params: { id: a.clientId }, body: { description: 'changed' } }),
  aid_auth_client_delete: (a) => ({ params: { id: a.clientToDelete } }),
  aid_auth_client_rotate_secret_post: (a) => ({ params: { id: a.clientId } }),
  aid_auth_client_grants_post: (a) => ({
    body: {
      client_id: a.clientId,
      audience: `https://other.kassa.example/v1/accounts/${ACCOUNT}`,
      scope: ['read:checkout'],
      type: 'client_credentials',
    },
  }),
  aid_auth_client_grants_get: () => ({ ownAccount: true }),
  aid_auth_client_grant_delete: (a) => ({ params: { id: a.grantToDelete } }),
  // console users (issue 26): B's own path must not find A's user
  aid_auth_users_post: () => ({
    ownAccount: true,
    body: { email: `${neutral('user')}@isolation.example`, role: 'read-only' },
  }),
  aid_auth_users_get: () => ({ ownAccount: true }),
  aid_auth_user_delete: (a) => ({ params: { user_id: a.consoleUserToDelete } }),
  admin_callbacks_list: () => ({ ownAccount: true }),
  admin_callbacks_retry: (a) => ({ params: { callback_id: a.callbackId } }),
  admin_gateway_sandbox_put: () => ({ ownAccount: true, body: { configuration: { sandbox: { async_delay_ms: 10 } } } }),
  admin_gateway_sandbox_get: () => ({ ownAccount: true }),
  admin_checkout_get: () => ({ ownAccount: true }),
  admin_checkout_put: () => ({ ownAccount: true, body: { configuration: { merchant: { name: 'neutral' } } } }),
  admin_gateway_payment_app_put: () => ({
    ownAccount: true,
    params: { name: 'neutral_app' },
    body: { configuration: { payment_app: { url: 'https://pay.example.com/neutral', display_name: 'Neutral' } } },
  }),
  admin_gateway_payment_app_get: (a) => ({ params: { name: a.paymentApp } }),
  admin_gateway_payment_app_delete: (a) => ({ params: { name: a.paymentAppToDelete } }),
  admin_session_profile_post: () => ({
    ownAccount: true,
    body: {
      profile_id: neutral('prof'),
      description: 'neutral',
      configuration: { sandbox: { creditcard: { enabled: true } } },
      url: { return_url: 'https://merchant.example/return' },
    },
  }),
  admin_session_profiles_get: () => ({ ownAccount: true }),
  admin_session_profile_get: (a) => ({ params: { profile_id: a.profileId } }),
  admin_session_profile_put: (a) => ({
    params: { profile_id: a.profileId },
    body: {
      description: 'changed',
      configuration: { sandbox: { creditcard: { enabled: true } } },
      url: { return_url: 'https://merchant.example/return' },
    },
  }),
  admin_session_profile_delete: (a) => ({ params: { profile_id: a.profileToDelete } }),

  // customers and stored cards
  customers_users_post: () => ({ ownAccount: true, body: { customer_id: neutral('cus') } }),
  customers_users_get: () => ({ ownAccount: true }),
  customers_user_get: (a) => ({ params: { customer_id: a.customerId } }),
  customers_user_put: (a) => ({ params: { customer_id: a.customerId }, body: { first_name: 'Changed' } }),
  customers_user_delete: (a) => ({ params: { customer_id: a.customerToDelete } }),
  customers_user_tokens_get: (a) => ({ params: { customer_id: a.customerId } }),
  customers_user_token_delete: (a) => ({ params: { customer_id: a.customerId, token_id: a.cardTokenOfCustomer } }),
  card_tokens_get: () => ({ ownAccount: true }),
  card_token_get: (a) => ({ params: { token_id: a.cardToken } }),
  card_token_delete: (a) => ({ params: { token_id: a.cardToken } }),

  // wallets
  wallets_cards_post: () => ({ ownAccount: true, body: { card_id: neutral('card'), currency: 'NOK' } }),
  wallets_cards_get: () => ({ ownAccount: true }),
  wallets_card_get: (a) => ({ params: { card_id: a.walletCardId } }),
  wallets_card_transactions_get: (a) => ({ params: { card_id: a.walletCardId } }),
  wallets_card_tokens_post: (a) => ({
    params: { card_id: a.walletCardId },
    body: { ref_id: neutral('tref'), expires_in: 600 },
  }),
  // A's card, named in the body: B's own path must not find it
  wallets_transactions_post: (a) => ({
    body: { card_id: a.walletCardId, ref_id: neutral('wref'), amount: 1, currency: 'NOK' },
  }),

  // payout destinations, stores, terminals
  aid_payout_destinations_post: () => ({
    ownAccount: true,
    body: payoutBody({
      payout_destination_id: neutral('pd'),
      payout_reference: 'neutral',
      organization: { organization_number: '923663487', name: 'Neutral AS', trade_name: 'Neutral' },
    }),
  }),
  aid_payout_destinations_get: () => ({ ownAccount: true }),
  aid_payout_destination_get: (a) => ({ params: { payout_destination_id: a.payoutDestinationId } }),
  // A store paying out to A's destination: B's own path must not find it
  aid_stores_post: (a) => ({ body: storeBody(a.payoutDestinationId, { store_id: neutral('store') }) }),
  aid_stores_get: () => ({ ownAccount: true }),
  aid_store_get: (a) => ({ params: { store_id: a.storeId } }),
  // A terminal in A's store: B's own path must not find the store
  aid_terminals_post: (a) => ({ body: { device_serial_number: serialNumber(), store_id: a.storeId } }),
  aid_terminals_get: () => ({ ownAccount: true }),
  aid_terminal_get: (a) => ({ params: { terminal_id: a.terminalId } }),
  aid_terminal_delete: (a) => ({ params: { terminal_id: a.terminalToDelete } }),

  // discounts
  discounts_rules_post: () => ({
    ownAccount: true,
    body: {
      requirement: { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' },
      reward: { type: 'discount_amount', value: 1 },
    },
  }),
  discounts_rules_get: () => ({ ownAccount: true }),
  discounts_rule_get: (a) => ({ params: { rule_id: a.ruleId } }),
  discounts_rule_put: (a) => ({ params: { rule_id: a.ruleId }, body: { name: 'changed' } }),
  discounts_rule_delete: (a) => ({ params: { rule_id: a.ruleToDelete } }),
  discounts_rule_customers_post: (a) => ({ params: { rule_id: a.ruleId }, body: { customers: ['*'] } }),
  discounts_rule_customers_delete: (a) => ({ params: { rule_id: a.ruleId }, body: { customers: [a.customerId] } }),
  // A's customer's receipt, run in B's account: B has no rule of A's to offer
  discounts_available_for_receipt_post: (a) => ({
    ownAccount: true,
    body: {
      receipt_id: neutral('r'),
      purchase_at: '2026-06-15T12:00:00Z',
      store: { id: 'S1' },
      currency: 'NOK',
      customer_id: a.customerId,
      items: [{ line_id: 1, id: 'coffee', gross_amount: 1000 }],
    },
  }),
  // a claim on A's rule: B's own path must not find the rule
  discounts_claims_post: (a) => ({
    body: {
      ref: neutral('claim'),
      purchase_at: '2026-06-15T12:00:00Z',
      customer_id: a.customerId,
      discounts: [{ id: a.ruleId, refs: [{ id: a.ruleId, amount: 100, usage: 1 }] }],
    },
  }),
  discounts_claims_get: () => ({ ownAccount: true }),
  discounts_claim_delete: (a) => ({ params: { claim_id: a.claimId } }),

  // shopping
  shopping_draft_orders_post: () => ({ ownAccount: true, body: { currency: 'NOK' } }),
  shopping_draft_order_items_post: (a) => ({
    params: { draft_id: a.draftId },
    body: { line_id: '2', gross_amount: 5 },
  }),
  shopping_draft_order_complete_put: (a) => ({ params: { draft_id: a.draftToComplete }, body: {} }),
  shopping_orders_get: () => ({ ownAccount: true }),
  shopping_order_get: (a) => ({ params: { order_id: a.orderId } }),
  shopping_order_put: (a) => ({ params: { order_id: a.orderId }, body: { comment: 'changed' } }),
  shopping_order_events_post: (a) => ({ params: { order_id: a.orderId }, body: { service: 's', service_status: 'x' } }),
  shopping_order_events_get: (a) => ({ params: { order_id: a.orderId } }),
  shopping_order_close_post: (a) => ({ params: { order_id: a.orderId }, body: {} }),
  shopping_order_cancel_post: (a) => ({ params: { order_id: a.orderToCancel }, body: { cancelled_reason: 'other' } }),
};

/** Operations that need credentials: the matrix covers each of them. */
export const authenticatedRoutes = (routes: readonly RouteDef[] = ROUTES) => routes.filter((r) => r.auth !== 'none');

/** The customer's operations on a session (no credentials, a `{session_id}` in the path). */
export const sessionViewRoutes = (routes: readonly RouteDef[] = ROUTES) =>
  routes.filter((r) => r.auth === 'none' && r.path.includes('{session_id}'));

/** The operation's example on A's resources; throws (failing the suite) when the table has none. */
export const exampleFor = (route: RouteDef, a: AccountA): Example => {
  const of = ROUTE_EXAMPLES[route.operationId];
  if (!of)
    throw new Error(
      `no isolation example for ${route.operationId}: add one to test/support/isolation/route-examples.ts`,
    );
  return of(a);
};

/** The request path with `aid` and the example's parameters; throws when a parameter has no value. */
export const pathOf = (route: RouteDef, aid: string, ex: Example): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = name === 'aid' ? aid : ex.params?.[name];
    if (v === undefined) throw new Error(`${route.operationId}: the example has no ${name}`);
    return encodeURIComponent(v);
  });

export const urlOf = (route: RouteDef, aid: string, ex: Example): string => {
  const q = new URLSearchParams(ex.query ?? {}).toString();
  return `${pathOf(route, aid, ex)}${q ? `?${q}` : ''}`;
};
