import { describe, expect, it } from 'vitest';
import { ApiClient, card, payBody, NORWEGIAN_CONTACT } from '../support/api-client';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import { OTHER, clockPast, useKassa } from '../support/fixtures';
import { WALLETS, createCard, otherWallets, uniqueId, walletState } from '../support/wallets';
import { HOME, walletCheckout } from '../support/wallet-checkout';

const k = useKassa({ other: true });
const { api, customer, other } = k;

const ADDRESS = NORWEGIAN_CONTACT;
const CHALLENGE_CARD = card('4000 0000 0000 3220');
const { readySession, put, giftCards, byToken, tokenFor, balance, ledger, pay } = walletCheckout(k);
const tokenRow = (id: string) =>
  k.db().selectFrom('wallet_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a wallet card token pays in the express checkout', () => {
  it('the token applies the card with its balance; paying draws it down with a ledger entry for the transaction and uses the token up', async () => {
    const gift = await createCard(api, { amount: 10_000 });
    const token = await tokenFor(gift.card_id);
    const id = await readySession();
    const applied = await giftCards(id, [byToken(token)]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const masked = `•••• ${token.token.value.slice(-4)}`;
    expect(applied.body.order.gift_cards).toEqual([
      { type: 'kassa.wallets', card_id: gift.card_id, masked_card_token: masked, amount: 10_000 },
    ]);
    expect(applied.body.amount_due).toBe(39_900 - 10_000);
    expect(await balance(gift.card_id)).toBe(10_000); // applying does not charge

    const paid = await pay(id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.success).toBe(true);
    const txId = paid.body.transaction_id as string;
    const tx = (await api.get(`/v1/transactions/${txId}`)).body;
    expect(tx).toMatchObject({
      status: 'AUTHORIZED',
      amount: 39_900,
      card_amount: 29_900,
      gift_cards: applied.body.order.gift_cards,
    });
    expect(await balance(gift.card_id)).toBe(0);
    expect((await ledger(gift.card_id)).at(-1)).toMatchObject({
      type: 'drawdown',
      amount: 10_000,
      balance_after: 0,
      ref_id: txId,
      transaction_id: txId,
      masked_token: masked,
      created_by: 'customer',
    });
    expect((await tokenRow(token.id)).used_at).not.toBeNull();
  });

  it('the page keeps an applied card by its card_id: the token it was applied with is still the one paying and used up', async () => {
    const first = await createCard(api, { amount: 5_000 });
    const second = await createCard(api, { amount: 6_000 });
    const token = await tokenFor(first.card_id);
    const id = await readySession();
    await giftCards(id, [byToken(token)]);
    const kept = await giftCards(id, [
      { type: 'kassa.wallets.card_id', value: first.card_id },
      byToken(await tokenFor(second.card_id)),
    ]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.order.gift_cards.map((g: { card_id: string; amount: number }) => [g.card_id, g.amount])).toEqual([
      [first.card_id, 5_000],
      [second.card_id, 6_000],
    ]);
    expect(kept.body.order.gift_cards[0].masked_card_token).toBe(`•••• ${token.token.value.slice(-4)}`);
    expect((await pay(id)).body.success).toBe(true);
    expect([await balance(first.card_id), await balance(second.card_id)]).toEqual([0, 0]);
    expect((await tokenRow(token.id)).used_at).not.toBeNull();
  });

  it('a card the merchant listed in customer.gift_cards pays by card_id, without a token', async () => {
    const gift = await createCard(api, { amount: 2_000 });
    const res = await api.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: {
        amount: 30000,
        currency: 'NOK',
        merchant_reference: uniqueId('order'),
        items: [{ line_id: '1', description: 'Mug', quantity: 1, amount: 30000 }],
      },
      customer: { gift_cards: { 'kassa.wallets': [{ card_id: gift.card_id }] } },
      express: { shipping_options: [HOME] },
      configuration: { sandbox: { creditcard: { enabled: true } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.id as string;
    await put(id, 'addresses', { shipping_address: ADDRESS });
    await put(id, 'shipping_option', HOME);
    const applied = await giftCards(id, [{ type: 'kassa.wallets.card_id', value: gift.card_id }]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.order.gift_cards[0]).toMatchObject({ card_id: gift.card_id, amount: 2_000 });
    const paid = await pay(id);
    expect(paid.body.success).toBe(true);
    expect((await ledger(gift.card_id)).at(-1)).toMatchObject({
      type: 'drawdown',
      amount: 2_000,
      transaction_id: paid.body.transaction_id,
    });
    expect((await ledger(gift.card_id)).at(-1)).not.toHaveProperty('masked_token');
  });

  it('a card that pays everything is paid with kassa.wallets; the card_token field and the dintero spelling are accepted', async () => {
    const gift = await createCard(api, { amount: 100_000 });
    const token = await tokenFor(gift.card_id);
    const id = await readySession();
    const applied = await giftCards(id, [
      { type: 'dintero.wallets.card_token', card_token: token.token.value, pin: token.pin!.value },
    ]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.amount_due).toBe(0);
    const paid = await pay(id, { payment: { payment_product_type: 'kassa.wallets' } });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect((await api.get(`/v1/transactions/${paid.body.transaction_id}`)).body).toMatchObject({
      status: 'AUTHORIZED',
      amount: 39_900,
      card_amount: 0,
    });
    expect(await balance(gift.card_id)).toBe(100_000 - 39_900);
  });

  it('a single-use token that paid once is refused in the next checkout; a multi-use token keeps paying', async () => {
    const gift = await createCard(api, { amount: 200_000 });
    const once = await tokenFor(gift.card_id);
    const first = await readySession();
    await giftCards(first, [byToken(once)]);
    expect((await pay(first, { payment: { payment_product_type: 'kassa.wallets' } })).body.success).toBe(true);
    const second = await readySession();
    const refused = await giftCards(second, [byToken(once)]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('GIFT_CARD_INVALID');

    const many = await tokenFor(gift.card_id, { expires_after_transaction: false });
    for (let i = 0; i < 2; i++) {
      const id = await readySession();
      expect((await giftCards(id, [byToken(many)])).status).toBe(200);
      expect((await pay(id, { payment: { payment_product_type: 'kassa.wallets' } })).body.success).toBe(true);
    }
    expect(await balance(gift.card_id)).toBe(200_000 - 3 * 39_900);
    expect((await tokenRow(many.id)).used_at).toBeNull();
  });

  it('a declined card payment charges no wallet and leaves the token usable; the next approved payment charges it once', async () => {
    const gift = await createCard(api, { amount: 5_000 });
    const token = await tokenFor(gift.card_id);
    const id = await readySession();
    await giftCards(id, [byToken(token)]);
    const declined = await pay(id, payBody(card('4000 0000 0000 0002')));
    expect(declined.body.success).toBe(false);
    expect(await balance(gift.card_id)).toBe(5_000);
    expect((await tokenRow(token.id)).used_at).toBeNull();
    expect((await pay(id)).body.success).toBe(true);
    expect(await balance(gift.card_id)).toBe(0);
    expect((await ledger(gift.card_id)).filter((e) => e.type === 'drawdown')).toHaveLength(1);
  });

  it('a card drawn down elsewhere after it was applied: paying is refused before the card is charged, and nothing changes', async () => {
    const gift = await createCard(api, { amount: 10_000 });
    const id = await readySession();
    await giftCards(id, [byToken(await tokenFor(gift.card_id))]);
    await api.post(`${WALLETS}/transactions`, {
      card_id: gift.card_id,
      ref_id: uniqueId('shop'),
      amount: 5_000,
      currency: 'NOK',
    });
    const before = await walletState(k);
    const res = await pay(id);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await walletState(k)).toEqual(before);
    expect((await k.db().selectFrom('transactions').select('id').where('session_id', '=', id).execute()).length).toBe(
      0,
    );
  });

  it('a single-use token used elsewhere after it was applied: paying is refused (409) and nothing changes', async () => {
    const gift = await createCard(api, { amount: 10_000 });
    const token = await tokenFor(gift.card_id);
    const id = await readySession();
    await giftCards(id, [byToken(token)]);
    expect(
      (
        await api.post(`${WALLETS}/transactions`, {
          token: token.token.value,
          ref_id: uniqueId('pos'),
          amount: 100,
          currency: 'NOK',
        })
      ).status,
    ).toBe(200);
    const before = await walletState(k);
    const res = await pay(id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('WALLET_TOKEN_USED');
    expect(await walletState(k)).toEqual(before);
  });

  it('when the balance goes while the customer is on the 3-D Secure page, the payment fails at the end and the wallet is not charged', async () => {
    const gift = await createCard(api, { amount: 10_000 });
    const id = await readySession();
    await giftCards(id, [byToken(await tokenFor(gift.card_id))]);
    const started = await pay(id, payBody(CHALLENGE_CARD));
    expect(started.body.actions).toEqual([expect.objectContaining({ code: '3DS_CHALLENGE' })]);
    const txId = started.body.transaction_id as string;
    await api.post(`${WALLETS}/transactions`, {
      card_id: gift.card_id,
      ref_id: uniqueId('shop'),
      amount: 9_000,
      currency: 'NOK',
    });
    const before = await walletState(k);
    const done = await customer.request(
      'POST',
      `/v1/view/${id}/sandbox/3ds/${txId}`,
      new URLSearchParams({ decision: 'complete' }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(done.status).toBe(302);
    const tx = await k
      .db()
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', txId)
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('FAILED');
    expect(await walletState(k)).toEqual(before);
    expect(await balance(gift.card_id)).toBe(1_000);
  });

  it('the applied card pays up to its balance again when the order is re-priced', async () => {
    const gift = await createCard(api, { amount: 35_000 });
    const id = await readySession();
    expect((await giftCards(id, [byToken(await tokenFor(gift.card_id))])).body.amount_due).toBe(4_900);
    const noShipping = await api.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, {
      order: {
        amount: 30000,
        currency: 'NOK',
        merchant_reference: 'repriced',
        items: [{ line_id: '1', description: 'Mug', quantity: 1, amount: 30000 }],
      },
    });
    expect(noShipping.status, JSON.stringify(noShipping.body)).toBe(200);
    expect(noShipping.body.order.gift_cards).toEqual([
      expect.objectContaining({ card_id: gift.card_id, amount: 30_000 }),
    ]);
  });
});

describe('gift card codes the checkout refuses', () => {
  it('unknown, expired, another account’s, another currency, not yet active: 400 GIFT_CARD_INVALID and the order is unchanged', async () => {
    const nok = await createCard(api, { amount: 1_000 });
    const sek = await createCard(api, { amount: 1_000, currency: 'SEK' });
    const later = await createCard(api, { amount: 1_000, active_from: '2099-01-01T00:00:00Z' });
    const empty = await createCard(api);
    const expired = await tokenFor(nok.card_id, { expires_in: 1 });
    const theirCard = (
      await other.post(`${otherWallets(OTHER.accountId)}/cards`, {
        card_id: uniqueId(),
        currency: 'NOK',
        amount: 1_000,
      })
    ).body;
    const theirToken = (
      await other.post(`${otherWallets(OTHER.accountId)}/cards/${theirCard.card_id}/tokens`, {
        ref_id: 'x',
        expires_in: 3600,
      })
    ).body;
    const id = await readySession();
    await clockPast(expired.expires_at);
    // each with its own PIN: what is refused is the card, not the PIN
    const entries = [
      { type: 'kassa.wallets.card_token', value: 'KASSACARD:00000000-0000-4000-8000-000000000000', pin: '4321' },
      byToken(expired),
      byToken(theirToken),
      byToken(await tokenFor(sek.card_id)),
      byToken(await tokenFor(later.card_id)),
      byToken(await tokenFor(empty.card_id)),
      { type: 'kassa.wallets.card_token', value: '6000000000000019', pin: '4321' }, // the sandbox's test card: not for an account with wallet cards
    ];
    const before = (await customer.get(`/v1/view/${id}/session`)).body;
    for (const entry of entries) {
      const res = await giftCards(id, [entry]);
      expect(res.status, entry.value).toBe(400);
      expect(res.body.error.code).toBe('GIFT_CARD_INVALID');
    }
    expect((await customer.get(`/v1/view/${id}/session`)).body).toEqual(before);
    const notListed = await giftCards(id, [{ type: 'kassa.wallets.card_id', value: nok.card_id }]);
    expect(notListed.body.error.code).toBe('GIFT_CARD_INVALID');
    const both = await giftCards(id, [{ type: 'kassa.wallets.card_token', value: 'a', card_token: 'b' }]);
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('INVALID_REQUEST');
  });

  it('an account without wallet cards keeps the sandbox test gift cards, and is not charged anything', async () => {
    const third = {
      accountId: 'T30000003',
      accountName: 'Third shop',
      clientId: 'third',
      clientSecret: 'third-secret-0123456789',
    };
    await ensureAccountClient(k.srv.kassa.ctx.database, third);
    const shop = await ApiClient.login(k.srv.baseUrl, third.accountId, third.clientId, third.clientSecret);
    const id = await readySession(shop);
    const before = await walletState(k);
    const applied = await giftCards(id, [
      { type: 'kassa.wallets.card_token', value: '6000 0000 0000 0001', pin: '1234' },
    ]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.order.gift_cards).toEqual([
      { type: 'kassa.wallets', card_id: 'sbx_gc_0001', masked_card_token: '•••• 0001', amount: 10_000 },
    ]);
    expect((await pay(id)).body.success).toBe(true);
    expect(await walletState(k)).toEqual(before);
  });
});
