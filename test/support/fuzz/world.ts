import { APPROVE_CARD, payBody, sessionBody, type ApiClient } from '../api-client';
import { createSession, paidSession } from '../fixtures';
import { payoutBody, storeBody } from '../terminals-api';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../test-server';
import type { FuzzWorld } from './inputs';

const login = async (baseUrl: string): Promise<string> => {
  const res = await fetch(`${baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${baseUrl}/v1/accounts/${ACCOUNT}` }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`fuzz login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
};

let seq = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

/**
 * A small set of existing resources (so path ids reach the use cases) and credentials with every
 * scope (the bootstrap client: ensure-account-client.ts gives it ALL_SCOPES), made through the API.
 * A resource that cannot be made leaves its ids out: the fuzz still runs on generated ids.
 */
export const buildWorld = async (api: ApiClient): Promise<FuzzWorld> => {
  const base = api.baseUrl;
  const acc = (rest: string) => `/v1/accounts/${ACCOUNT}/${rest}`;
  const values: Record<string, unknown[]> = { aid: [ACCOUNT], currency: ['NOK', 'nok', 'EUR'] };
  const add = (key: string, v: unknown) => v !== undefined && v !== null && (values[key] ??= []).push(v);
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch {
      // left out of the world (see above)
    }
  };

  const open = await createSession(api);
  const paid = await paidSession(api);
  const cancelled = await createSession(api);
  await api.post(`/v1/sessions/${cancelled.id}/cancel`, {});
  for (const id of [open.id, paid.id, cancelled.id]) add('session_id', id);
  add('id', paid.transactionId);
  add('transaction_id', paid.transactionId);
  add('merchant_reference', open.body.order.merchant_reference);
  await attempt(async () => {
    const customer = await api.post(acc('customers/users'), { customer_id: unique('cust') });
    add('customer_id', customer.body.customer_id);
  });
  await attempt(async () => {
    const card = await api.post(acc('wallets/cards'), { card_id: unique('card'), currency: 'NOK' });
    add('card_id', card.body.card_id ?? card.body.id);
    add('card_id', card.body.id);
  });
  await attempt(async () => {
    const payout = await api.post(acc('payout-destinations'), payoutBody());
    add('payout_destination_id', payout.body.payout_destination_id);
    const store = await api.post(acc('stores'), storeBody(payout.body.payout_destination_id));
    add('store_id', store.body.store_id);
  });
  await attempt(async () => {
    const rule = await api.post(acc('discounts/rules'), {
      name: 'Fuzz',
      receipt_text: 'Fuzz 10 %',
      requirement: { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2030-01-01T00:00:00Z' },
      reward: { type: 'discount_percent', value: 10 },
    });
    add('rule_id', rule.body.id);
  });
  await attempt(async () => {
    const item = { line_id: '1', gross_amount: 100 };
    const draft = await api.post(acc('shopping/draft_orders'), { currency: 'NOK', items: [item] });
    add('draft_id', draft.body.id);
    const other = await api.post(acc('shopping/draft_orders'), { currency: 'NOK', items: [item] });
    const done = await api.request('PUT', acc(`shopping/draft_orders/${other.body.id}/complete`), {});
    add('order_id', done.body.orders?.[0]?.order_id);
  });
  await attempt(async () => {
    const profile = await api.post('/v1/admin/session/profiles', {
      profile_id: unique('profile'),
      description: 'fuzz',
      configuration: { auto_capture: false },
      url: { return_url: 'https://merchant.example/return' },
    });
    add('profile_id', profile.body.profile_id ?? profile.body.id);
  });
  await attempt(async () => {
    const key = await api.post('/v1/admin/api-keys', { name: 'fuzz' });
    add('api_key_id', key.body.id);
  });
  add('return_url', 'https://merchant.example/return');
  add('payment_product_type', 'sandbox.creditcard');
  add('card', APPROVE_CARD);

  return {
    token: await login(base),
    basic: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    values,
    seeds: {
      checkout_session_post: () => sessionBody(),
      checkout_sid_pay_post: () => payBody(),
      transactions_id_capture_post: () => ({ amount: 100, capture_reference: unique('cap') }),
      transactions_id_refund_post: () => ({ amount: 100, refund_reference: unique('ref') }),
    },
  };
};
