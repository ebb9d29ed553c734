import { describe, expect, it } from 'vitest';
import { kassaForTest, type KassaFixture } from '../support/fixtures';
import { walletCheckout } from '../support/wallet-checkout';
import { createCard, walletState } from '../support/wallets';

/**
 * Issue 24 item 2 (ADR 030): wrong gift card tries (an unknown card token or number, a wrong PIN) are limited per
 * session, per card and per source address, answered 429 TOO_MANY_REQUESTS with Retry-After like the pay attempts.
 */

const WINDOW_SECONDS = 3600;
type Res = { status: number; body: { error?: { code: string; message: string } }; headers: Headers };
const retryAfter = (res: Res) => Number(res.headers.get('retry-after'));
const expectLimited = (res: Res, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(429);
  expect(res.body.error?.code).toBe('TOO_MANY_REQUESTS');
  expect(res.headers.get('retry-after'), what).toMatch(/^\d+$/);
  expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
};
const expectWrong = (res: Res, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error?.code).toBe('GIFT_CARD_INVALID');
};
const from = (address: string) => ({ 'x-forwarded-for': address });
const unknownToken = (pin = '123456') => ({
  type: 'kassa.wallets.card_token',
  value: `KASSACARD:${crypto.randomUUID()}`,
  pin,
});
const wrongPin = (pin: string) => (pin === '000000' ? '000001' : '000000');

/** What the limits see after `seconds` have passed: every counted try made that much older. */
const age = async (k: KassaFixture, seconds: number) => {
  const rows = await k.db().selectFrom('gift_card_attempts').select(['id', 'created_at']).execute();
  for (const r of rows) {
    const created_at = new Date(Date.parse(r.created_at) - seconds * 1000).toISOString();
    await k.db().updateTable('gift_card_attempts').set({ created_at }).where('id', '=', r.id).execute();
  }
};

/** A Kassa behind a trusted proxy (so a test chooses each request's address), a wallet card with a token, and the checkout helpers. */
const setUp = async (env: Record<string, string>) => {
  const k = await kassaForTest({ env: { KASSA_TRUST_PROXY: 'true', ...env } });
  const w = walletCheckout(k);
  const card = await createCard(k.api, { amount: 10_000 });
  const token = await w.tokenFor(card.card_id, { expires_after_transaction: false });
  return { k, w, card, token };
};

describe('wrong gift card tries per session', () => {
  it('after KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION wrong tries from any addresses, every try is 429 (the right PIN too); other sessions apply; after the hour again', async () => {
    const { k, w, card, token } = await setUp({
      KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '3',
      KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '0',
      KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '0',
    });
    const tested = await w.readySession(k.api);
    const started = Date.now();
    expectWrong(await w.giftCards(tested, [unknownToken()], from('10.0.0.1')), 'unknown token');
    expectWrong(
      await w.giftCards(tested, [w.byToken(token, wrongPin(token.pin!.value))], from('10.0.0.2')),
      'wrong PIN',
    );
    expectWrong(await w.giftCards(tested, [unknownToken()], from('10.0.0.3')), 'unknown token');
    const before = await walletState(k);
    const limited = await w.giftCards(tested, [w.byToken(token)], from('10.0.0.4'));
    expectLimited(limited, 'the right PIN after the limit');
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(WINDOW_SECONDS - Math.ceil((Date.now() - started) / 1000) - 1);
    expectLimited(await w.giftCards(tested, [unknownToken()], from('10.0.0.5')), 'another guess');
    expect(await walletState(k)).toEqual(before);
    // a card the merchant listed needs no guess, and removing cards is never limited
    expect((await w.giftCards(tested, [], from('10.0.0.6'))).status).toBe(204);

    const other = await w.readySession(k.api);
    expect((await w.giftCards(other, [w.byToken(token)], from('10.0.0.1'))).status).toBe(200);

    await age(k, retryAfter(limited) - 60);
    expectLimited(await w.giftCards(tested, [w.byToken(token)]), 'a minute early');
    await age(k, 61);
    const later = await w.giftCards(tested, [w.byToken(token)]);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.order.gift_cards).toEqual([expect.objectContaining({ card_id: card.card_id })]);
  });

  it('a burst of guesses on one session cannot slip past the limit: it is counted under the session lock', async () => {
    const { k, w } = await setUp({
      KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '4',
      KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '0',
      KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '0',
    });
    const id = await w.readySession(k.api);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => w.giftCards(id, [unknownToken()], from(`10.1.0.${i}`))),
    );
    for (const res of burst) expect([400, 429], JSON.stringify(res.body)).toContain(res.status);
    expect(burst.filter((r) => r.status === 400)).toHaveLength(4);
    expect(
      await k.db().selectFrom('gift_card_attempts').select('id').where('session_id', '=', id).execute(),
    ).toHaveLength(4);
  });
});

describe('wrong PINs per card', () => {
  it('after KASSA_GIFT_CARD_ATTEMPTS_PER_CARD wrong PINs on sessions and addresses of their own, the card is 429 everywhere (the right PIN too); other cards apply; after the hour again', async () => {
    const { k, w, card, token } = await setUp({
      KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '0',
      KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '3',
      KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '0',
    });
    const bad = w.byToken(token, wrongPin(token.pin!.value));
    for (let i = 0; i < 3; i++)
      expectWrong(await w.giftCards(await w.readySession(k.api), [bad], from(`10.2.0.${i}`)), `wrong PIN ${i + 1}`);
    // unknown tokens are no card's tries
    for (let i = 0; i < 3; i++)
      expectWrong(await w.giftCards(await w.readySession(k.api), [unknownToken()], from('10.2.1.1')), 'unknown token');
    const fresh = await w.readySession(k.api);
    const limited = await w.giftCards(fresh, [w.byToken(token)], from('10.2.9.9'));
    expectLimited(limited, 'the right PIN on a new session and address');
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_SECONDS);
    // the card's other tokens too: the limit is the card's
    const second = await w.tokenFor(card.card_id);
    expectLimited(await w.giftCards(fresh, [w.byToken(second)], from('10.2.9.9')), "the card's other token");

    const another = await createCard(k.api, { amount: 1_000 });
    expect((await w.giftCards(fresh, [w.byToken(await w.tokenFor(another.card_id))], from('10.2.9.9'))).status).toBe(
      200,
    );
    await age(k, WINDOW_SECONDS);
    expect((await w.giftCards(fresh, [w.byToken(token)], from('10.2.9.9'))).status).toBe(200);
  });
});

describe('wrong gift card tries per source address (many sessions)', () => {
  it('after KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS wrong tries a minute one address is 429 on every session; right answers use up nothing; other addresses apply', async () => {
    const { k, w, token } = await setUp({
      KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '0',
      KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '0',
      KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '3',
    });
    for (let i = 0; i < 5; i++)
      expect((await w.giftCards(await w.readySession(k.api), [w.byToken(token)], from('203.0.113.7'))).status).toBe(
        200,
      );
    const started = Date.now();
    for (let i = 0; i < 3; i++)
      expectWrong(
        await w.giftCards(await w.readySession(k.api), [unknownToken()], from('203.0.113.7')),
        `guess ${i + 1}`,
      );
    const limited = await w.giftCards(await w.readySession(k.api), [w.byToken(token)], from('203.0.113.7'));
    expectLimited(limited, 'the same address on a new session');
    expect(limited.body.error?.message).toContain('address');
    // 3 a minute: one every 20 s, less what has refilled since
    expect(retryAfter(limited)).toBeLessThanOrEqual(20);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(20 - Math.ceil((Date.now() - started) / 1000));
    expect((await w.giftCards(await w.readySession(k.api), [w.byToken(token)], from('203.0.113.8'))).status).toBe(200);
  });
});

describe("the sandbox's test gift cards (accounts without wallet cards)", () => {
  it('30 wrong PINs for a test card on one session: after the session limit every try is 429, the right PIN too', async () => {
    const k = await kassaForTest({
      env: {
        KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '4',
        KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '0',
        KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '0',
      },
    });
    const w = walletCheckout(k);
    const id = await w.readySession(k.api);
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await w.giftCards(id, [{ type: 'kassa.wallets.card_token', value: '6000000000000001', pin: String(5000 + i) }]),
      );
    for (const res of answers.slice(0, 4)) expectWrong(res, 'a wrong PIN');
    for (const res of answers.slice(4)) expectLimited(res, 'after the limit');
    expectLimited(
      await w.giftCards(id, [{ type: 'kassa.wallets.card_token', value: '6000000000000001', pin: '1234' }]),
      'the right PIN',
    );
    expect(
      (
        await w.giftCards(await w.readySession(k.api), [
          { type: 'kassa.wallets.card_token', value: '6000000000000001', pin: '1234' },
        ])
      ).status,
    ).toBe(200);
  });

  it('wrong PINs for a test card count per card and account: the card is 429 on new sessions, other test cards and other accounts are not', async () => {
    const k = await kassaForTest({
      env: {
        KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: '0',
        KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: '3',
        KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: '0',
      },
      other: true,
    });
    const w = walletCheckout(k);
    const card = (pin: string, value = '6000000000000001') => ({ type: 'kassa.wallets.card_token', value, pin });
    for (let i = 0; i < 3; i++)
      expectWrong(await w.giftCards(await w.readySession(k.api), [card('9999')]), 'a wrong PIN');
    expectLimited(await w.giftCards(await w.readySession(k.api), [card('1234')]), 'the right PIN');
    expect((await w.giftCards(await w.readySession(k.api), [card('4321', '6000000000000019')])).status).toBe(200);
    expect((await w.giftCards(await w.readySession(k.other), [card('1234')])).status).toBe(200);
  });
});

describe('defaults', () => {
  it('10 wrong tries a session an hour, 5 wrong PINs a card an hour, 10 wrong tries an address a minute', async () => {
    const k = await kassaForTest();
    expect(k.srv.kassa.ctx.env).toMatchObject({
      KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: 10,
      KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: 5,
      KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: 10,
    });
  });
});
