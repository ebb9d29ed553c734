import { expect } from 'vitest';
import { card, NORWEGIAN_CONTACT, sessionBody, type ApiClient } from './api-client';
import { walletCheckout } from './wallet-checkout';
import { createCard } from './wallets';
import { setGateway } from './transaction-helpers';
import type { KassaFixture } from './fixtures';

/**
 * How the provider contract suite (test/integration/provider-contract.test.ts) drives one payment
 * product through the public API: a session that offers it, an approved and (where the product can
 * be declined at authorization) a declined payment, the customer action where it has one, and a
 * switch that makes its provider unreachable. Everything after authorization is the same for all.
 */
export interface ProductDriver {
  type: string;
  /** A session of `amount` (minor units, NOK) that offers the product; its id. */
  session(amount: number): Promise<string>;
  /** Pays the session through to AUTHORIZED (past any customer action); the transaction id. */
  approve(sessionId: string): Promise<string>;
  /** Pays it so that the provider declines; the transaction id. Absent: nothing at authorization declines. */
  decline?(sessionId: string): Promise<string>;
  /** Starts a payment that sends the customer to the provider's page; `finish` completes it there. */
  customerAction?(sessionId: string): Promise<{ transactionId: string; redirectUrl: string; finish(): Promise<void> }>;
  /**
   * Makes the provider unreachable (true) or reachable again (false). Absent where the provider is
   * Kassa's own ledger (gift cards alone): nothing outside Kassa can be down.
   */
  unavailable?(down: boolean): Promise<void>;
  /**
   * From now on the provider keeps every operation it accepts for later (202) pending until `settle`
   * (it is done then), however long the test takes; `release` undoes the hold. Without it the sandbox
   * settles after a delay of wall time, which a slow machine spends before the test looks. Absent where
   * every operation is done at once (Kassa's own ledger).
   */
  holdPending?(): Promise<{ settle(): Promise<void>; release(): Promise<void> }>;
  /** For a product no acquirer serves: turns the sandbox gateway's unavailable switch on or off, to show it changes nothing. */
  sandboxSwitches?(down: boolean): Promise<void>;
}

const CONTACT = { email: 'kari@example.com', phone_number: '+4741234567', country: 'NO' };
/** A free shipping option: an express session whose total is the order amount. */
const PICK_UP = { id: 'pick-up', line_id: 'ship-pick-up', amount: 0, title: 'Pick up in store', operator: 'Store' };
/** Two lines: '1' of 40.00, and '2' of the rest (the contract captures and refunds item-based products by line). */
const items = (amount: number) => [
  { line_id: '1', description: 'Thing', quantity: 1, amount: 4_000 },
  { line_id: '2', description: 'Other thing', quantity: 1, amount: amount - 4_000 },
];

/** The sandbox page's form POST (the customer's Complete/Approve button). */
const decide = (customer: ApiClient, sessionId: string, kind: string, tx: string, decision: string) =>
  customer.request(
    'POST',
    `/v1/view/${sessionId}/sandbox/${kind}/${tx}`,
    new URLSearchParams({ decision }).toString(),
    {
      'content-type': 'application/x-www-form-urlencoded',
    },
  );

const created = async (api: ApiClient, body: Record<string, unknown>) => {
  const res = await api.post('/v1/sessions', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
};

const paid = async (customer: ApiClient, sessionId: string, payment: Record<string, unknown>, success: boolean) => {
  const res = await customer.post(`/v1/sessions/${sessionId}/pay`, { payment });
  expect([res.status, res.body.success], JSON.stringify(res.body)).toEqual([200, success]);
  return res.body as { transaction_id: string; redirect_url?: string };
};

/** The five sandbox products, each through the port like any other provider's. */
export const sandboxDrivers = (k: Pick<KassaFixture, 'api' | 'customer' | 'db'>): ProductDriver[] => {
  const { api, customer } = k;
  const sandboxDown = (down: boolean) =>
    setGateway(api, { unavailable: down, async_operations: false, async_delay_ms: 100 });
  /** The sandbox's longest delay; `settle` makes its pending operations due now (as the acquirer finishing them). */
  const holdPending = async () => {
    await setGateway(api, { unavailable: false, async_operations: false, async_delay_ms: 600_000 });
    return {
      settle: async () => {
        const now = new Date().toISOString();
        await k
          .db()
          .updateTable('sandbox_operations')
          .set({ complete_after: now })
          .where('complete_after', '>', now)
          .execute();
      },
      release: () => sandboxDown(false),
    };
  };
  const withSandbox = (key: string) => (amount: number) =>
    created(
      api,
      sessionBody({ configuration: { sandbox: { [key]: { enabled: true } } } }, { amount, items: items(amount) }),
    );
  const redirectThen = (kind: string, payment: Record<string, unknown>) => async (sessionId: string) => {
    const first = await paid(customer, sessionId, payment, true);
    return {
      transactionId: first.transaction_id,
      redirectUrl: first.redirect_url!,
      finish: async () => {
        const done = await decide(
          customer,
          sessionId,
          kind,
          first.transaction_id,
          kind === '3ds' ? 'complete' : 'approve',
        );
        expect(done.status).toBe(302);
      },
    };
  };
  const throughAction =
    (start: (sessionId: string) => Promise<{ transactionId: string; finish(): Promise<void> }>) =>
    async (sessionId: string) => {
      const action = await start(sessionId);
      await action.finish();
      return action.transactionId;
    };
  const card3ds = redirectThen('3ds', {
    payment_product_type: 'sandbox.creditcard',
    card: card('4000 0000 0000 3220'),
  });
  const wallet = redirectThen('wallet', { payment_product_type: 'sandbox.wallet' });
  const gift = walletCheckout(k);
  return [
    {
      type: 'sandbox.creditcard',
      session: withSandbox('creditcard'),
      approve: async (id) =>
        (
          await paid(
            customer,
            id,
            { payment_product_type: 'sandbox.creditcard', card: card('4111 1111 1111 1111') },
            true,
          )
        ).transaction_id,
      decline: async (id) =>
        (
          await paid(
            customer,
            id,
            { payment_product_type: 'sandbox.creditcard', card: card('4000 0000 0000 0002') },
            false,
          )
        ).transaction_id,
      customerAction: card3ds,
      unavailable: sandboxDown,
      holdPending,
    },
    {
      type: 'sandbox.invoice',
      session: withSandbox('invoice'),
      approve: async (id) =>
        (await paid(customer, id, { payment_product_type: 'sandbox.invoice', ...CONTACT }, true)).transaction_id,
      decline: async (id) =>
        (
          await paid(
            customer,
            id,
            { payment_product_type: 'sandbox.invoice', ...CONTACT, phone_number: '+4741230000' },
            false,
          )
        ).transaction_id,
      unavailable: sandboxDown,
      holdPending,
    },
    {
      type: 'sandbox.installment',
      session: withSandbox('installment'),
      approve: async (id) =>
        (
          await paid(
            customer,
            id,
            { payment_product_type: 'sandbox.installment', ...CONTACT, product: { id: '12m' } },
            true,
          )
        ).transaction_id,
      decline: async (id) =>
        (
          await paid(
            customer,
            id,
            {
              payment_product_type: 'sandbox.installment',
              ...CONTACT,
              phone_number: '+4741230000',
              product: { id: '12m' },
            },
            false,
          )
        ).transaction_id,
      unavailable: sandboxDown,
      holdPending,
    },
    {
      type: 'sandbox.wallet',
      session: withSandbox('wallet'),
      approve: throughAction(wallet),
      decline: async (id) => {
        const action = await wallet(id);
        expect((await decide(customer, id, 'wallet', action.transactionId, 'reject')).status).toBe(302);
        return action.transactionId;
      },
      customerAction: wallet,
      unavailable: sandboxDown,
      holdPending,
    },
    {
      // Gift cards that pay the whole order: refused when applied (wrong PIN, no balance), never declined at authorization.
      type: 'kassa.wallets',
      session: async (amount) => {
        const id = await created(api, {
          url: { return_url: 'https://merchant.example/return' },
          order: {
            amount,
            currency: 'NOK',
            merchant_reference: `gift-${amount}-${Math.random().toString(36).slice(2)}`,
            items: items(amount),
          },
          express: { shipping_options: [PICK_UP] },
          configuration: { sandbox: { creditcard: { enabled: true } } },
        });
        const giftCard = await createCard(api, { amount: amount * 2 });
        const token = await gift.tokenFor(giftCard.card_id);
        expect((await gift.put(id, 'addresses', { shipping_address: NORWEGIAN_CONTACT })).status).toBe(200);
        expect((await gift.put(id, 'shipping_option', PICK_UP)).status).toBe(200);
        const applied = await gift.giftCards(id, [gift.byToken(token)]);
        expect([applied.status, applied.body.amount_due], JSON.stringify(applied.body)).toEqual([200, 0]);
        return id;
      },
      approve: async (id) => (await paid(customer, id, { payment_product_type: 'kassa.wallets' }, true)).transaction_id,
      // Kassa's own wallet ledger (issue 38 item 5): never down nor pending; the sandbox's switches do not reach it
      sandboxSwitches: sandboxDown,
    },
  ];
};
