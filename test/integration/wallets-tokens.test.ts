import { describe, expect, it } from 'vitest';
import { clockPast, useKassa } from '../support/fixtures';
import { CLIENT_ID } from '../support/test-server';
import { WALLETS, createCard, expireCard, uniqueId, walletState } from '../support/wallets';

const k = useKassa();
const { api } = k;

const tokens = (cardId: string) => `${WALLETS}/cards/${cardId}/tokens`;
const issue = (cardId: string, body: Record<string, unknown> = {}) =>
  api.post(tokens(cardId), { ref_id: uniqueId('tok'), expires_in: 600, ...body });
const pay = (token: string, body: Record<string, unknown> = {}) =>
  api.post(`${WALLETS}/transactions`, { token, ref_id: uniqueId('ref'), amount: 100, currency: 'NOK', ...body });

describe('creating card tokens', () => {
  it('the default token is KASSACARD: and a UUID, single use, with the fields of the spec', async () => {
    const card = await createCard(api, { amount: 1000 });
    const res = await issue(card.card_id, { ref_id: 'first', metadata: { till: '7' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      created_by: CLIENT_ID,
      ref_id: 'first',
      card_id: card.card_id,
      expires_in: 600,
      expires_at: new Date(Date.parse(res.body.created_at) + 600_000).toISOString(),
      expires_after_transaction: true,
      format: { length: 36, prefix: 'KASSACARD:', barcode: false },
      metadata: { till: '7' },
      token: {
        value: expect.stringMatching(/^KASSACARD:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      },
      pin: { value: expect.stringMatching(/^\d{6}$/) }, // generated, answered only here (ADR 030)
    });
  });

  it('the same ref_id on the same card returns the same token; on another card it is another token', async () => {
    const card = await createCard(api);
    const first = await issue(card.card_id, { ref_id: 'again' });
    const before = await walletState(k);
    const second = await issue(card.card_id, { ref_id: 'again', expires_in: 5 });
    expect(second.status).toBe(200);
    const { pin: _pin, ...withoutPin } = first.body;
    expect(second.body).toEqual(withoutPin); // the PIN is answered once
    expect(await walletState(k)).toEqual(before);
    const otherCard = await createCard(api);
    const third = await issue(otherCard.card_id, { ref_id: 'again' });
    expect(third.body.id).not.toBe(first.body.id);
    expect(third.body.token.value).not.toBe(first.body.token.value);
  });

  it('an Idempotency-Key replays the first token', async () => {
    const card = await createCard(api);
    const key = { 'idempotency-key': uniqueId('key') };
    const body = { ref_id: uniqueId('r'), expires_in: 60 };
    const first = await api.post(tokens(card.card_id), body, key);
    const { pin: _pin, ...withoutPin } = first.body;
    expect((await api.post(tokens(card.card_id), body, key)).body).toEqual(withoutPin); // the PIN is answered once, never stored
  });

  it('format: length (without the prefix), prefix and character classes, at the shortest lengths that give 64 random bits', async () => {
    const card = await createCard(api);
    const digits = await issue(card.card_id, {
      format: { length: 20, prefix: '', numbers: true, characters: false, symbols: false },
    });
    expect(digits.status, JSON.stringify(digits.body)).toBe(200);
    expect(digits.body.token.value).toMatch(/^\d{20}$/);
    expect(digits.body.format).toEqual({
      length: 20,
      prefix: '',
      numbers: true,
      characters: false,
      symbols: false,
      barcode: false,
    });
    const letters = await issue(card.card_id, {
      format: { length: 12, prefix: 'GC-', numbers: false, symbols: false },
    });
    expect(letters.status, JSON.stringify(letters.body)).toBe(200);
    expect(letters.body.token.value).toMatch(/^GC-[A-Za-z]{12}$/);
    const mixed = await issue(card.card_id, { format: { length: 11 } });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(mixed.body.token.value).toMatch(/^KASSACARD:[0-9A-Za-z!#$%&*+\-.=?@_~]{11}$/);
  });

  it('a format with less than 64 random bits is 400 WALLET_TOKEN_FORMAT_INVALID saying how long it must be, and stores nothing', async () => {
    const card = await createCard(api);
    const before = await walletState(k);
    const short: [Record<string, unknown>, number][] = [
      [{ length: 11, numbers: true, characters: false, symbols: false }, 20],
      [{ length: 19, numbers: true, characters: false, symbols: false }, 20],
      [{ length: 11, numbers: false, symbols: false }, 12],
      [{ length: 16, numbers: false, characters: false }, 17],
    ];
    for (const [format, needed] of short) {
      const res = await issue(card.card_id, { format });
      expect(res.status, JSON.stringify(format)).toBe(400);
      expect(res.body.error.code).toBe('WALLET_TOKEN_FORMAT_INVALID');
      expect(res.body.error.errors).toEqual([
        { path: 'format.length', message: expect.stringContaining(`at least ${needed}`) },
      ]);
    }
    expect(await walletState(k)).toEqual(before);
  });

  it('barcode: true adds token.barcode_128, a Code 128 PNG data URI', async () => {
    const card = await createCard(api);
    const res = await issue(card.card_id, {
      format: { barcode: true, length: 20, numbers: true, characters: false, symbols: false },
    });
    expect(res.body.format.barcode).toBe(true);
    expect(res.body.token.barcode_128).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(res.body.token.barcode_128.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await issue(card.card_id)).body.token).not.toHaveProperty('barcode_128');
  });

  const badFormats: [string, Record<string, unknown>, string][] = [
    ['an empty alphabet', { numbers: false, characters: false, symbols: false }, 'WALLET_TOKEN_FORMAT_INVALID'],
    // below 11 no format has 64 random bits, above 255 none is taken: the document states both (minimum, maximum)
    ['length 3', { length: 3 }, 'INVALID_REQUEST'],
    ['length 10 (the format a probe guessed had 4)', { length: 10 }, 'INVALID_REQUEST'],
    ['length 256', { length: 256 }, 'INVALID_REQUEST'],
    ['a decimal length', { length: 5.5 }, 'INVALID_REQUEST'],
    ['a prefix with a space', { prefix: 'A B' }, 'INVALID_REQUEST'],
    ['an unknown format field', { emoji: true }, 'INVALID_REQUEST'],
  ];
  const badBodies: [string, Record<string, unknown>, string][] = [
    ['no ref_id', { ref_id: undefined }, 'INVALID_REQUEST'],
    ['expires_in 0', { expires_in: 0 }, 'INVALID_REQUEST'],
    ['a decimal expires_in', { expires_in: 1.5 }, 'INVALID_REQUEST'],
    ['no expires_in', { expires_in: undefined }, 'INVALID_REQUEST'],
    ['a reserved kassa_ metadata key', { metadata: { kassa_till: 1 } }, 'INVALID_REQUEST'],
    ['a reserved dintero_ metadata key', { metadata: { dintero_till: 1 } }, 'INVALID_REQUEST'],
    ['a non-boolean expires_after_transaction', { expires_after_transaction: 'yes' }, 'INVALID_REQUEST'],
    ...badFormats.map(([name, format, code]): [string, Record<string, unknown>, string] => [
      `format with ${name}`,
      { format },
      code,
    ]),
  ];
  for (const [name, change, code] of badBodies) {
    it(`${name} is 400 ${code} and stores nothing`, async () => {
      const card = await createCard(api);
      const before = await walletState(k);
      const res = await issue(card.card_id, change);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(await walletState(k)).toEqual(before);
    });
  }

  it('an expired card gets no token', async () => {
    const card = await createCard(api, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await expireCard(k, card.card_id);
    const before = await walletState(k);
    const res = await issue(card.card_id);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('WALLET_CARD_EXPIRED');
    expect(await walletState(k)).toEqual(before);
  });
});

describe('paying with a token', () => {
  it('a single-use token pays one transaction; then 409 WALLET_TOKEN_USED, while GET card still lists it (masked) until expiry', async () => {
    const card = await createCard(api, { amount: 1000 });
    const token = (await issue(card.card_id)).body;
    const paid = await pay(token.token.value, { amount: 250 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      card_id: card.card_id,
      type: 'drawdown',
      amount: 250,
      balance_after: 750,
      masked_token: `•••• ${token.token.value.slice(-4)}`,
    });
    // a retry of the same transaction answers it again
    expect(
      (
        await api.post(`${WALLETS}/transactions`, {
          token: token.token.value,
          ref_id: paid.body.ref_id,
          amount: 250,
          currency: 'NOK',
        })
      ).body,
    ).toEqual(paid.body);
    const before = await walletState(k);
    const second = await pay(token.token.value);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('WALLET_TOKEN_USED');
    expect(await walletState(k)).toEqual(before);
    const read = (await api.get(`${WALLETS}/cards/${card.card_id}`)).body;
    expect(read.amount_balance).toBe(750);
    expect(read.tokens).toEqual([
      {
        id: token.id,
        ref_id: token.ref_id,
        masked_code: `•••• ${token.token.value.slice(-4)}`,
        expires_at: token.expires_at,
        expires_after_transaction: true,
        used_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(read)).not.toContain(token.token.value);
  });

  it('expires_after_transaction: false pays several transactions', async () => {
    const card = await createCard(api, { amount: 1000 });
    const value = (await issue(card.card_id, { expires_after_transaction: false })).body.token.value;
    for (const balance of [900, 800, 700]) expect((await pay(value)).body.balance_after).toBe(balance);
  });

  it('a token that has expired pays nothing and is no longer listed; an unknown token is 404', async () => {
    const card = await createCard(api, { amount: 1000 });
    const token = (await issue(card.card_id, { expires_in: 1, expires_after_transaction: false })).body;
    await clockPast(token.expires_at);
    const before = await walletState(k);
    for (const value of [token.token.value, 'KASSACARD:nothing']) {
      const res = await pay(value);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('WALLET_TOKEN_NOT_FOUND');
    }
    expect(await walletState(k)).toEqual(before);
    expect((await api.get(`${WALLETS}/cards/${card.card_id}`)).body.tokens).toEqual([]);
  });

  it('a token drawdown is checked against the balance like any other', async () => {
    const card = await createCard(api, { amount: 100 });
    const value = (await issue(card.card_id)).body.token.value;
    const before = await walletState(k);
    expect((await pay(value, { amount: 101 })).body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await walletState(k)).toEqual(before); // the single-use token is not used up by a refused payment
    expect((await pay(value, { amount: 100 })).body.balance_after).toBe(0);
  });
});
