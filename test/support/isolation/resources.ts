import { randomBytes } from 'node:crypto';
import { APPROVE_CARD, ApiClient, payBody, sessionBody, type ApiResponse } from '../api-client';
import type { KassaFixture } from '../fixtures';
import { payoutBody, serialNumber, storeBody } from '../terminals-api';
import { ACCOUNT } from '../test-server';
import { WAIT_MS } from '../wait';

/**
 * Account A (the test account) owning one of every resource, created through the API. Every
 * merchant-given value carries `marker` (a random string), so a response that shows any of A's data
 * shows the marker; `ids` are the server-made ids, searched for one by one.
 */
export interface AccountA {
  marker: string;
  /** An order amount no other request uses (searched for as a whole number). */
  amount: number;
  /** Every server-made id and secret of A (session, transaction, rule ids, API key and signature secret...). */
  ids: string[];
  sessions: {
    open: string;
    toCancel: string;
    authorized: string;
    toVoid: string;
    captured: string;
    cancelled: string;
    expired: string;
    callback: string;
  };
  /** `invoice`: a sandbox pay-later authorization, which extend_authorization takes. */
  transactions: { authorized: string; toVoid: string; captured: string; callback: string; invoice: string };
  /**
   * What the spec lets a customer see of a session that can no longer be paid (GET
   * /v1/view/{id}/session's 404 `session_details`): its merchant_reference and transaction id.
   */
  shownWhenUnavailable: Record<string, string[]>;
  customerId: string;
  customerToDelete: string;
  /** Stored card tokens: one read and deleted through the customer, one through /v1/card-tokens. */
  cardTokenOfCustomer: string;
  cardToken: string;
  paymentToken: string;
  walletCardId: string;
  walletTokenValue: string;
  /** Its checkout PIN (generated, answered once at creation: ADR 030). */
  walletTokenPin: string;
  payoutDestinationId: string;
  storeId: string;
  terminalId: string;
  terminalToDelete: string;
  ruleId: string;
  ruleToDelete: string;
  claimId: string;
  draftId: string;
  draftToComplete: string;
  orderId: string;
  orderToCancel: string;
  profileId: string;
  profileToDelete: string;
  apiKeyId: string;
  /** A's API clients (resource ids): one to read, rotate and grant to, one to delete; and a grant to delete. */
  clientId: string;
  clientToDelete: string;
  grantToDelete: string;
  /** A's payment apps (`payment_app.<name>`): one to read, one to delete. */
  paymentApp: string;
  paymentAppToDelete: string;
  /** A's console user to delete (issue 26). */
  consoleUserToDelete: string;
  callbackId: string;
}

/** The shipping option and address of A's sessions (express sessions: the customer's express writes apply to them). */
export const HOME = { id: 'home', line_id: 'ship-home', amount: 0, title: 'Home delivery', operator: 'Posten' };
export const ADDRESS = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  address_line: 'Storgata 1',
  postal_code: '0155',
  postal_place: 'Oslo',
  country: 'NO',
  phone_number: '+4799999999',
};
/** Makes a session body an express session taking discount codes (the shop at `shopUrl` answers them, express-shop.ts). */
export const expressOf = (shopUrl: string) => ({
  express: { shipping_options: [HOME], discount_codes: { callback_url: `${shopUrl}/discounts` } },
  configuration: { discounts: { express_discount_codes: { enabled: true } } },
});

const ok = <T = any>(what: string, res: ApiResponse<T>): T => {
  if (res.status < 200 || res.status > 299)
    throw new Error(`isolation fixture: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export const accountPath = (aid: string, rest: string) => `/v1/accounts/${aid}/${rest}`;

/**
 * Creates A's resources; `merchantUrl` is a callback endpoint that answers 200 (A's callback is
 * delivered before this returns), `shopUrl` the express shop of express-shop.ts.
 */
export const createAccountA = async (
  k: Pick<KassaFixture, 'srv' | 'api' | 'db'>,
  merchantUrl: string,
  shopUrl: string,
): Promise<AccountA> => {
  const { api } = k;
  const customer = new ApiClient(k.srv.baseUrl);
  const marker = `isoA${randomBytes(6).toString('hex')}`;
  const amount = 73519;
  const ids: string[] = [];
  const shownWhenUnavailable: Record<string, string[]> = {};
  let n = 0;
  const m = (what: string) => `${marker}-${what}-${++n}`;
  const at = (rest: string) => accountPath(ACCOUNT, rest);
  const session = async (extra: Record<string, unknown> = {}) => {
    const body = sessionBody(
      {
        customer: {
          email: `${m('mail')}@a.example`,
          first_name: m('first'),
          last_name: m('last'),
          phone_number: '+4799999999',
        },
        ...expressOf(shopUrl),
        ...extra,
      },
      {
        amount,
        merchant_reference: m('ref'),
        shipping_address: ADDRESS,
        shipping_option: HOME,
        items: [{ line_id: '1', description: m('item'), quantity: 1, amount, vat_amount: 0 }],
      },
    );
    const id = ok('session', await api.post('/v1/sessions', body)).id as string;
    ids.push(id);
    shownWhenUnavailable[id] = [body.order.merchant_reference as string];
    return id;
  };
  const pay = async (id: string) => {
    const paid = ok('pay', await customer.post(`/v1/sessions/${id}/pay`, payBody(APPROVE_CARD)));
    if (!paid.success) throw new Error(`isolation fixture: pay failed ${JSON.stringify(paid)}`);
    ids.push(paid.transaction_id);
    shownWhenUnavailable[id]?.push(paid.transaction_id);
    return paid.transaction_id as string;
  };

  // Independent chains, run at once (the fixture is set up in every isolation file on both engines).
  const sessions = async () => {
    const [open, toCancel, authorized, toVoid, captured, cancelled, expired, callback] = await Promise.all([
      session(),
      session(),
      session(),
      session(),
      session(),
      session(),
      session(),
      session({ url: { return_url: 'https://merchant.example/return', callback_url: `${merchantUrl}/cb` } }),
    ]);
    const invoice = async () => {
      const items = [{ line_id: '1', description: m('item'), quantity: 1, amount, vat_amount: 0 }];
      const order = { amount, currency: 'NOK', merchant_reference: m('inv'), items };
      const customer = { first_name: 'Kari', last_name: 'Nordmann' };
      const session = { order, customer, payment_operation: 'invoice_purchase' };
      const res = ok(
        'invoice',
        await api.post('/v1/sessions/pay', { session, payment: { payment_product_type: 'sandbox.invoice' } }),
      );
      ids.push(res.id, res.session_id);
      return res.id as string;
    };
    const [txAuthorized, txToVoid, txCaptured, txCallback, txInvoice] = await Promise.all([
      pay(authorized),
      pay(toVoid),
      pay(captured),
      pay(callback),
      invoice(),
    ]);
    await Promise.all([
      api.post(`/v1/transactions/${txCaptured}/capture`, { amount }).then((r) => ok('capture', r)),
      api.post(`/v1/sessions/${cancelled}/cancel`).then((r) => ok('cancel', r)),
      customer.post(`/v1/view/${open}/session/publish/scc`).then((r) => ok('scc', r)),
    ]);
    return {
      sessions: { open, toCancel, authorized, toVoid, captured, cancelled, expired, callback },
      transactions: {
        authorized: txAuthorized,
        toVoid: txToVoid,
        captured: txCaptured,
        callback: txCallback,
        invoice: txInvoice,
      },
    };
  };

  // A customer with a stored card (a payment-token session), a second stored card for /v1/card-tokens.
  const customerId = m('cus');
  const customerToDelete = m('cus');
  const customers = async () => {
    ok(
      'customer',
      await api.post(at('customers/users'), {
        customer_id: customerId,
        first_name: m('first'),
        last_name: m('last'),
        email: `${m('mail')}@a.example`,
      }),
    );
    ok(
      'customer',
      await api.post(at('customers/users'), { customer_id: customerToDelete, email: `${m('mail')}@a.example` }),
    );
    const saveCard = async () => {
      const created = ok(
        'payment-token session',
        await api.post('/v1/sessions/payment-token', {
          session: {
            url: { return_url: 'https://merchant.example/saved' },
            order: { amount: 0, currency: 'NOK', merchant_reference: m('ref') },
            customer: { customer_id: customerId, email: `${m('mail')}@a.example` },
          },
          token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
        }),
      );
      ids.push(created.id);
      const tx = await pay(created.id);
      const read = ok('transaction', await api.get(`/v1/transactions/${tx}?includes=card.payment_token`));
      const paymentToken = read.card.payment_token as string;
      const row = await k
        .db()
        .selectFrom('stored_card_tokens')
        .select('token_id')
        .where('payment_token', '=', paymentToken)
        .executeTakeFirstOrThrow();
      ids.push(paymentToken, row.token_id);
      return { paymentToken, tokenId: row.token_id };
    };
    const [stored1, stored2] = await Promise.all([saveCard(), saveCard()]);
    return {
      customerId,
      customerToDelete,
      cardTokenOfCustomer: stored1.tokenId,
      cardToken: stored2.tokenId,
      paymentToken: stored1.paymentToken,
    };
  };

  // Wallets: a card with a balance, a ledger entry, a card token.
  const wallets = async () => {
    const walletCardId = m('card');
    const card = ok(
      'wallet card',
      await api.post(at('wallets/cards'), { card_id: walletCardId, currency: 'NOK', amount: 5000 }),
    );
    ids.push(card.id);
    ok(
      'wallet transaction',
      await api.post(at('wallets/transactions'), {
        card_id: walletCardId,
        ref_id: m('wref'),
        amount: 100,
        currency: 'NOK',
      }),
    );
    const walletToken = ok(
      'wallet token',
      await api.post(at(`wallets/cards/${walletCardId}/tokens`), { ref_id: m('tref'), expires_in: 3600 }),
    );
    ids.push(walletToken.token.value, walletToken.id);
    return {
      walletCardId,
      walletTokenValue: walletToken.token.value as string,
      walletTokenPin: walletToken.pin.value as string,
    };
  };

  // Payout destination, store, terminals.
  const terminals = async () => {
    const payout = ok(
      'payout destination',
      await api.post(
        at('payout-destinations'),
        payoutBody({ payout_destination_id: m('pd'), payout_reference: m('payref') }),
      ),
    );
    const store = ok(
      'store',
      await api.post(
        at('stores'),
        storeBody(payout.payout_destination_id, { store_id: m('store'), store_name: m('storename') }),
      ),
    );
    const terminal = ok(
      'terminal',
      await api.post(at('terminals'), { device_serial_number: serialNumber(), store_id: store.store_id }),
    );
    const terminalToDelete = ok(
      'terminal',
      await api.post(at('terminals'), { device_serial_number: serialNumber(), store_id: store.store_id }),
    );
    ids.push(terminal.terminal_id, terminalToDelete.terminal_id, payout.id, store.id, terminal.id, terminalToDelete.id);
    return {
      payoutDestinationId: payout.payout_destination_id as string,
      storeId: store.store_id as string,
      terminalId: terminal.terminal_id as string,
      terminalToDelete: terminalToDelete.terminal_id as string,
    };
  };

  // Discounts: two rules (one given to the customer), a claim.
  const discounts = async () => {
    const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };
    const rule = ok(
      'rule',
      await api.post(at('discounts/rules'), {
        name: m('rule'),
        requirement: window,
        reward: { type: 'discount_amount', value: 100 },
      }),
    );
    const ruleToDelete = ok(
      'rule',
      await api.post(at('discounts/rules'), {
        name: m('rule'),
        requirement: window,
        reward: { type: 'discount_amount', value: 100 },
      }),
    );
    ids.push(rule.id, ruleToDelete.id);
    ok('give rule', await api.post(at(`discounts/rules/${rule.id}/customers`), { customers: [customerId] }));
    const claim = ok(
      'claim',
      await api.post(at('discounts/available_for_receipt/claims'), {
        ref: m('claim'),
        purchase_at: '2026-06-15T12:00:00Z',
        customer_id: customerId,
        discounts: [{ id: rule.id, refs: [{ id: rule.id, amount: 100, usage: 1 }] }],
      }),
    );
    ids.push(claim.id);
    return { ruleId: rule.id as string, ruleToDelete: ruleToDelete.id as string, claimId: claim.id as string };
  };

  // Shopping: drafts, and orders.
  const shopping = async () => {
    const item = { line_id: '1', gross_amount: amount, description: m('line') };
    const draft = async () =>
      ok(
        'draft',
        await api.post(at('shopping/draft_orders'), { currency: 'NOK', items: [item], comment: m('comment') }),
      ).id as string;
    const order = async () => {
      const d = await draft();
      ids.push(d);
      const done = ok('complete', await api.request('PUT', at(`shopping/draft_orders/${d}/complete`), {}));
      ids.push(done.orders[0].id);
      return done.orders[0].order_id as string;
    };
    const [draftId, draftToComplete, orderId, orderToCancel] = await Promise.all([draft(), draft(), order(), order()]);
    ids.push(draftId, draftToComplete);
    return { draftId, draftToComplete, orderId, orderToCancel };
  };

  // Admin: a signature secret, an API key, session profiles, the sandbox gateway's settings, the checkout
  // configuration, payment apps.
  const admin = async () => {
    const signature = ok('signature', await api.post('/v1/admin/signature'));
    ids.push(signature.id, signature.signature.secret);
    const apiKey = ok('api key', await api.post('/v1/admin/api-keys', { name: m('key') }));
    ids.push(apiKey.id, apiKey.api_key);
    const profile = (profile_id: string) => ({
      profile_id,
      description: m('profile'),
      configuration: { sandbox: { creditcard: { enabled: true } } },
      url: { return_url: 'https://merchant.example/return' },
    });
    const profileId = m('prof');
    const profileToDelete = m('prof');
    ok('profile', await api.post('/v1/admin/session/profiles', profile(profileId)));
    ok('profile', await api.post('/v1/admin/session/profiles', profile(profileToDelete)));
    ok(
      'gateway',
      await api.request('PUT', '/v1/admin/gateways/sandbox', { configuration: { sandbox: { async_delay_ms: 1234 } } }),
    );
    ok(
      'checkout configuration',
      await api.request('PUT', '/v1/admin/checkout', {
        configuration: { merchant: { name: m('merchant'), country: 'NO', merchant_category_code: '5814' } },
      }),
    );
    const [paymentApp, paymentAppToDelete] = ['isolation_app', 'isolation_gone'];
    for (const name of [paymentApp, paymentAppToDelete]) {
      ok(
        'payment app',
        await api.request('PUT', `/v1/admin/gateways/payment_app/${name}`, {
          configuration: { payment_app: { url: 'https://pay.example.com/kassa', display_name: m('app') } },
        }),
      );
    }
    const consoleUser = ok(
      'console user',
      await api.post(at('auth/users'), { email: `${m('user').toLowerCase()}@isolation.example`, role: 'read-only' }),
    );
    ids.push(consoleUser.id, consoleUser.password);
    const [client, clientToDelete] = [
      ok('client', await api.post(at('auth/clients'), { name: m('client') })),
      ok('client', await api.post(at('auth/clients'), { name: m('client') })),
    ];
    const grant = ok(
      'grant',
      await api.post(at('auth/client-grants'), {
        client_id: client.id,
        audience: `https://kassa.example/v1/accounts/${ACCOUNT}`,
        scope: ['read:checkout'],
        type: 'client_credentials',
      }),
    );
    ids.push(
      client.id,
      client.client_id,
      client.client_secret,
      clientToDelete.id,
      clientToDelete.client_secret,
      grant.id,
    );
    return {
      profileId,
      profileToDelete,
      apiKeyId: apiKey.id as string,
      paymentApp,
      paymentAppToDelete,
      clientId: client.id as string,
      clientToDelete: clientToDelete.id as string,
      grantToDelete: grant.id as string,
      consoleUserToDelete: consoleUser.id as string,
    };
  };

  const [s, c, w, t, d, sh, ad] = await Promise.all([
    sessions(),
    customers(),
    wallets(),
    terminals(),
    discounts(),
    shopping(),
    admin(),
  ]);

  // A's callback, delivered (the outbox row no longer changes).
  const deadline = Date.now() + WAIT_MS;
  let callbackId: string | undefined;
  while (!callbackId) {
    const rows = await k.db().selectFrom('outbox').selectAll().where('account_id', '=', ACCOUNT).execute();
    const done = rows.filter((r) => JSON.stringify(r).includes(s.transactions.callback));
    if (done.length > 0 && rows.every((r) => r.status !== 'PENDING')) callbackId = done[0]!.id;
    else if (Date.now() > deadline)
      throw new Error(`isolation fixture: callback not delivered: ${JSON.stringify(rows)}`);
    else await new Promise((r) => setTimeout(r, 20));
  }
  ids.push(callbackId);
  // The expired session: its expires_at moved into the past (waiting for a short expiry would race a slow create).
  await k
    .db()
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', s.sessions.expired)
    .execute();
  const bad = ids.filter((id) => typeof id !== 'string' || id.length < 6);
  if (bad.length > 0) throw new Error(`isolation fixture: ids that cannot be searched for: ${JSON.stringify(bad)}`);
  return { marker, amount, ids, shownWhenUnavailable, ...s, ...c, ...w, ...t, ...d, ...sh, ...ad, callbackId };
};
