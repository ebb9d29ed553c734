import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { walletCheckout } from '../support/wallet-checkout';
import { WALLETS, createCard, uniqueId, walletState } from '../support/wallets';

/** Issue 24 item 2 (ADR 030): a wallet card token pays at checkout only with its PIN, which is never stored in clear. */

const k = useKassa();
const { api, customer } = k;
const { readySession, giftCards, byToken, tokenFor, balance, pay } = walletCheckout(k);
const tokens = (cardId: string) => `${WALLETS}/cards/${cardId}/tokens`;
const tokenRow = (id: string) =>
  k.db().selectFrom('wallet_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const view = async (id: string) => (await customer.get(`/v1/view/${id}/session`)).body;

describe('a card token has a PIN', () => {
  it('a generated 6-digit PIN is answered once: not by a replay (same ref_id or Idempotency-Key), not stored in clear anywhere', async () => {
    const card = await createCard(api, { amount: 1_000 });
    const key = { 'idempotency-key': uniqueId('key') };
    const body = { ref_id: uniqueId('r'), expires_in: 600 };
    const first = await api.post(tokens(card.card_id), body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.pin).toEqual({ value: expect.stringMatching(/^\d{6}$/) });
    const pin = first.body.pin.value as string;
    for (const again of [await api.post(tokens(card.card_id), body, key), await api.post(tokens(card.card_id), body)]) {
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body).not.toHaveProperty('pin');
    }
    const row = await tokenRow(first.body.id);
    expect(row.pin_hash).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(row.pin_hash).not.toContain(pin);
    const records = await k
      .db()
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('idem_key', '=', key['idempotency-key'])
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]!.response_body).toContain(first.body.id);
    expect(records[0]!.response_body).not.toContain('"pin"');
  });

  it('the merchant may choose the PIN (4 to 12 digits): it is not answered back and is the one the checkout takes', async () => {
    const card = await createCard(api, { amount: 1_000 });
    const chosen = await tokenFor(card.card_id, { pin: '2468' });
    expect(chosen).not.toHaveProperty('pin');
    const id = await readySession();
    expect((await giftCards(id, [byToken(chosen, '2468')])).status).toBe(200);
    for (const bad of ['123', '1234567890123', '12a4', 1234, '']) {
      const before = await walletState(k);
      const res = await api.post(tokens(card.card_id), { ref_id: uniqueId('r'), expires_in: 600, pin: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(res.body.error.errors[0].path).toBe('pin');
      expect(await walletState(k)).toEqual(before);
    }
  });
});

describe('the checkout takes a card token only with its PIN', () => {
  it('no PIN: 400 at gift_cards[0].pin; a wrong PIN answers exactly like an unknown token; the right PIN applies the card and it pays', async () => {
    const card = await createCard(api, { amount: 10_000 });
    const token = await tokenFor(card.card_id);
    const id = await readySession();
    const before = await view(id);

    const noPin = await giftCards(id, [{ type: 'kassa.wallets.card_token', value: token.token.value }]);
    expect(noPin.status).toBe(400);
    expect(noPin.body.error).toMatchObject({
      code: 'GIFT_CARD_INVALID',
      errors: [{ path: 'gift_cards[0].pin', message: expect.any(String) }],
    });
    expect((await giftCards(id, [byToken(token, '')])).body.error.errors[0].path).toBe('gift_cards[0].pin');

    const wrongPin = await giftCards(id, [byToken(token, token.pin!.value === '000000' ? '000001' : '000000')]);
    const unknown = await giftCards(id, [
      { type: 'kassa.wallets.card_token', value: `KASSACARD:${crypto.randomUUID()}`, pin: token.pin!.value },
    ]);
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.body).toEqual(unknown.body); // no oracle for which tokens exist
    expect(wrongPin.body.error.code).toBe('GIFT_CARD_INVALID');
    expect(await view(id)).toEqual(before);

    const applied = await giftCards(id, [byToken(token)]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.order.gift_cards).toEqual([expect.objectContaining({ card_id: card.card_id, amount: 10_000 })]);
    expect((await pay(id)).body.success).toBe(true);
    expect(await balance(card.card_id)).toBe(0);
  });

  it('a token stored before PINs existed cannot pay at checkout (answered like a wrong PIN) until re-issued; the merchant API still draws it down', async () => {
    const card = await createCard(api, { amount: 5_000 });
    const old = await tokenFor(card.card_id, { expires_after_transaction: false });
    await k.db().updateTable('wallet_tokens').set({ pin_hash: null }).where('id', '=', old.id).execute();
    const id = await readySession();
    const before = await view(id);
    const unknown = await giftCards(id, [
      { type: 'kassa.wallets.card_token', value: `KASSACARD:${crypto.randomUUID()}`, pin: '123456' },
    ]);
    for (const pin of [old.pin!.value, '123456']) {
      const res = await giftCards(id, [byToken(old, pin)]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(unknown.body);
    }
    expect(await view(id)).toEqual(before);
    const drawn = await api.post(`${WALLETS}/transactions`, {
      token: old.token.value,
      ref_id: uniqueId('pos'),
      amount: 100,
      currency: 'NOK',
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const reissued = await tokenFor(card.card_id);
    expect((await giftCards(id, [byToken(reissued)])).status).toBe(200);
  });
});
