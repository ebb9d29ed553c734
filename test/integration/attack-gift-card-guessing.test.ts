import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { walletCheckout } from '../support/wallet-checkout';
import { WALLETS, createCard, walletState } from '../support/wallets';

/**
 * Issue 24 item 2, the probe re-run over real HTTP with the default limits (ADR 030): an attacker sent 2,000 gift
 * card guesses against one session in 15 s (no 429), hit another customer's live 4-digit token and paid 500.00 NOK
 * from it. Now the 4-digit format is refused, a token needs its PIN, and the guesses stop at the session limit.
 */

const k = useKassa({ env: { KASSA_TRUST_PROXY: 'true' } });
const { api } = k;
const w = walletCheckout(k);
const GUESSES = 2_000;
const SESSION_LIMIT = 10; // KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION's default
const ATTACKER = { 'x-forwarded-for': '203.0.113.66' };
const CUSTOMER = { 'x-forwarded-for': '198.51.100.20' };
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

describe('guessing gift card tokens through the checkout', () => {
  it('2,000 guesses on one session are stopped at the session limit (429 from then on, nothing drawn down); the real customer still pays', async () => {
    const victim = await createCard(api, { amount: 50_000 });
    const short = await api.post(`${WALLETS}/cards/${victim.card_id}/tokens`, {
      ref_id: 'short',
      expires_in: 3600,
      format: { length: 4, prefix: '', characters: false, symbols: false },
    });
    // no format shorter than 11 has 64 random bits: the body schema refuses it (and the document states the minimum)
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'INVALID_REQUEST', errors: [{ path: 'format.length' }] });
    // the shortest numeric format still allowed, for a guesser's best odds
    const real = await w.tokenFor(victim.card_id, {
      format: { length: 20, prefix: '', characters: false, symbols: false },
    });
    expect(real.token.value).toMatch(/^\d{20}$/);
    const guess = () => {
      let value = digits(20);
      while (value === real.token.value) value = digits(20);
      return { type: 'kassa.wallets.card_token', value, pin: digits(6) };
    };

    const target = await w.readySession();
    const before = await walletState(k);
    const answers: { status: number; retryAfter: string | null }[] = [];
    const send = async () => {
      const res = await w.giftCards(target, [guess()], ATTACKER);
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
      return res.status;
    };
    // one at a time up to just past the limit, to see where it turns; then the rest 25 at a time
    for (let i = 0; i < SESSION_LIMIT + 5; i++) await send();
    expect(answers.map((a) => a.status)).toEqual([...Array(SESSION_LIMIT).fill(400), ...Array(5).fill(429)]);
    while (answers.length < GUESSES)
      await Promise.all(Array.from({ length: Math.min(25, GUESSES - answers.length) }, send));

    expect(answers).toHaveLength(GUESSES);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(SESSION_LIMIT);
    const limited = answers.slice(SESSION_LIMIT);
    expect(limited.every((a) => a.status === 429 && /^[1-9]\d*$/.test(a.retryAfter ?? ''))).toBe(true);
    expect(await walletState(k)).toEqual(before); // nothing drawn down, no token used or applied
    expect((await k.customer.get(`/v1/view/${target}/session`)).body.order.gift_cards).toBeUndefined();
    expect(await w.balance(victim.card_id)).toBe(50_000);

    // the card's owner, on another session and address, with the token and PIN the merchant gave them
    const own = await w.readySession();
    const applied = await w.giftCards(own, [w.byToken(real)], CUSTOMER);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.order.gift_cards).toEqual([
      expect.objectContaining({ card_id: victim.card_id, amount: 39_900 }),
    ]);
    const paid = await w.pay(own, { payment: { payment_product_type: 'kassa.wallets' } });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect(await w.balance(victim.card_id)).toBe(50_000 - 39_900);
  });
});
