import { describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { OTHER, useKassa } from '../support/fixtures';
import { CLIENT_ID } from '../support/test-server';
import {
  WALLETS,
  clientWithScopes,
  createCard,
  expireCard,
  otherWallets,
  uniqueId,
  walletState,
} from '../support/wallets';

const k = useKassa({ other: true });
const { api, other } = k;

const balanceOf = async (cardId: string) => (await api.get(`${WALLETS}/cards/${cardId}`)).body.amount_balance as number;
const ledgerOf = async (cardId: string) =>
  (await api.get(`${WALLETS}/cards/${cardId}/transactions?limit=100`)).body as {
    type: string;
    amount: number;
    balance_after: number;
    ref_id: string;
  }[];
const tx = (body: Record<string, unknown>) =>
  api.post(`${WALLETS}/transactions`, { currency: 'NOK', ref_id: uniqueId('ref'), ...body });

describe('wallet cards', () => {
  it('a card is created with its fields, an initial amount as its first ledger entry, and reads back the same', async () => {
    const body = {
      card_id: uniqueId(),
      customer_id: 'cust-1',
      name: 'Gift card',
      currency: 'nok',
      amount: 50000,
      metadata: { campaign: 'xmas', nested: { a: 1 } },
      active_from: '2020-01-01T00:00:00Z',
      expires_at: '2099-01-01T00:00:00+01:00',
    };
    const created = await api.post(`${WALLETS}/cards`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      card_id: body.card_id,
      customer_id: 'cust-1',
      name: 'Gift card',
      currency: 'NOK',
      amount: 50000,
      amount_balance: 50000,
      amount_available: 50000,
      metadata: body.metadata,
      active_from: '2020-01-01T00:00:00.000Z',
      expires_at: '2098-12-31T23:00:00.000Z',
      created_by: CLIENT_ID,
    });
    const read = await api.get(`${WALLETS}/cards/${body.card_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created.body, tokens: [] });
    const ledger = await ledgerOf(body.card_id);
    expect(ledger).toEqual([
      expect.objectContaining({
        type: 'fund',
        amount: 50000,
        balance_after: 50000,
        ref_id: 'initial',
        currency: 'NOK',
        card_id: body.card_id,
      }),
    ]);
  });

  it('a card without card_id gets one generated; without amount its balance is 0 and its ledger empty', async () => {
    const created = await api.post(`${WALLETS}/cards`, { currency: 'SEK' });
    expect(created.status).toBe(200);
    expect(created.body.card_id).toEqual(expect.any(String));
    expect(created.body).toMatchObject({ currency: 'SEK', amount_balance: 0, amount_available: 0, metadata: {} });
    expect(await ledgerOf(created.body.card_id)).toEqual([]);
  });

  it('a card_id that exists is 409 WALLET_CARD_ALREADY_EXISTS and changes nothing', async () => {
    const card = await createCard(api, { amount: 100 });
    const before = await walletState(k);
    const again = await api.post(`${WALLETS}/cards`, { card_id: card.card_id, currency: 'NOK', amount: 999 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('WALLET_CARD_ALREADY_EXISTS');
    expect(await walletState(k)).toEqual(before);
    expect(await balanceOf(card.card_id)).toBe(100);
  });

  const bad: [string, Record<string, unknown>][] = [
    ['a reserved kassa_ metadata key', { metadata: { kassa_x: 1 } }],
    ['a reserved dintero_ metadata key', { metadata: { ok: 1, Dintero_y: 2 } }],
    ['an unknown currency', { currency: 'XYZ' }],
    ['no currency', { currency: undefined }],
    ['a negative amount', { amount: -1 }],
    ['a decimal amount', { amount: 1.5 }],
    ['an amount above int32', { amount: 2 ** 31 }],
    ['a card_id with a trailing space', { card_id: 'abc ' }],
    ['a card_id longer than 255', { card_id: 'x'.repeat(256) }],
    ['expires_at before active_from', { active_from: '2030-01-01T00:00:00Z', expires_at: '2029-01-01T00:00:00Z' }],
    ['a date that is not ISO 8601', { expires_at: 'tomorrow' }],
    ['an unknown field', { balance: 5 }],
  ];
  for (const [name, change] of bad) {
    it(`${name} is 400 and stores nothing`, async () => {
      const before = await walletState(k);
      const res = await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', ...change });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(await walletState(k)).toEqual(before);
    });
  }

  it('an unknown card is 404 WALLET_CARD_NOT_FOUND on GET, transactions, tokens and POST /transactions', async () => {
    const id = uniqueId('missing');
    const before = await walletState(k);
    for (const res of [
      await api.get(`${WALLETS}/cards/${id}`),
      await api.get(`${WALLETS}/cards/${id}/transactions`),
      await api.post(`${WALLETS}/cards/${id}/tokens`, { ref_id: 'r', expires_in: 60 }),
      await tx({ card_id: id, amount: 1 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('WALLET_CARD_NOT_FOUND');
    }
    expect(await walletState(k)).toEqual(before);
  });
});

describe('listing cards', () => {
  it('pages with limit and starting_after, oldest first, with paging_token while a page is full', async () => {
    const scoped = await clientWithScopes(k, ['admin:wallets']); // same account: count what exists first
    const existing = ((await scoped.get(`${WALLETS}/cards?limit=100`)).body as unknown[]).length;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await createCard(api, { amount: (i + 1) * 10 });
      ids.push(c.card_id);
    }
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api.get(
        `${WALLETS}/cards?limit=3${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(3);
      all.push(...res.body.map((c: { card_id: string }) => c.card_id));
      cursor = res.headers.get('paging_token');
      if (cursor) expect(cursor).toMatch(/^~kassa\.[0-9a-f-]{36}$/); // Kassa's id of the last card, header-safe
      pages++;
    } while (cursor && pages < 100);
    expect(all).toHaveLength(existing + 5);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(-5)).toEqual(ids);
    const listed = (await api.get(`${WALLETS}/cards?limit=100`)).body as {
      card_id: string;
      amount_balance: number;
      amount_available: number;
    }[];
    expect(ids.map((id) => listed.find((c) => c.card_id === id)!.amount_balance)).toEqual([10, 20, 30, 40, 50]);
    expect(ids.map((id) => listed.find((c) => c.card_id === id)!.amount_available)).toEqual([10, 20, 30, 40, 50]);
    expect(((await api.get(`${WALLETS}/cards`)).body as unknown[]).length).toBe(Math.min(10, existing + 5));
  });

  it("non-ASCII card_ids page with the paging_token as is (Kassa's id); the last card_id still works as starting_after", async () => {
    const made = [];
    for (const name of ['Café', '😀']) made.push(await createCard(api, { card_id: uniqueId(name) }));
    const all = ((await api.get(`${WALLETS}/cards?limit=100`)).body as { card_id: string }[]).map((c) => c.card_id);
    const at = all.indexOf(made[0]!.card_id);
    const first = await api.get(`${WALLETS}/cards?limit=${at + 1}`);
    const token = first.headers.get('paging_token')!;
    expect(token).toMatch(/^[\x21-\x7e]+$/);
    const next = await api.get(`${WALLETS}/cards?limit=1&starting_after=${token}`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body[0].card_id).toBe(made[1]!.card_id);
    const byCardId = await api.get(`${WALLETS}/cards?limit=1&starting_after=${encodeURIComponent(made[0]!.card_id)}`);
    expect(byCardId.body[0].card_id).toBe(made[1]!.card_id);
  });

  it('a limit outside 1-100 is 400; an unknown starting_after is 400', async () => {
    for (const limit of ['0', '101', 'x']) expect((await api.get(`${WALLETS}/cards?limit=${limit}`)).status).toBe(400);
    expect((await api.get(`${WALLETS}/cards?starting_after=${uniqueId('nobody')}`)).status).toBe(400);
  });
});

describe('wallet transactions: the ledger', () => {
  it('drawdown (the default) and fund move the balance; the balance is the ledger sum and each entry has the balance after it', async () => {
    const card = await createCard(api, { amount: 1000 });
    const d = await tx({ card_id: card.card_id, amount: 300, metadata: { order: 'o-1' } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({
      card_id: card.card_id,
      type: 'drawdown',
      amount: 300,
      currency: 'NOK',
      balance_after: 700,
      metadata: { order: 'o-1' },
      created_by: CLIENT_ID,
    });
    const f = await tx({ card_id: card.card_id, amount: 50, type: 'fund' });
    expect(f.body).toMatchObject({ type: 'fund', amount: 50, balance_after: 750 });
    expect(await balanceOf(card.card_id)).toBe(750);
    const ledger = await ledgerOf(card.card_id);
    expect(ledger.map((e) => [e.type, e.amount, e.balance_after])).toEqual([
      ['fund', 1000, 1000],
      ['drawdown', 300, 700],
      ['fund', 50, 750],
    ]);
    expect(ledger.reduce((s, e) => s + (e.type === 'fund' ? e.amount : -e.amount), 0)).toBe(750);
  });

  it('a drawdown above the balance is 400 INSUFFICIENT_BALANCE and writes nothing; the whole balance can be drawn', async () => {
    const card = await createCard(api, { amount: 500 });
    const before = await walletState(k);
    const res = await tx({ card_id: card.card_id, amount: 501 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await walletState(k)).toEqual(before);
    expect((await tx({ card_id: card.card_id, amount: 500 })).body.balance_after).toBe(0);
    expect((await tx({ card_id: card.card_id, amount: 1 })).body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(card.card_id)).toBe(0);
  });

  it('ref_id is idempotent per card: the same request answers the same entry; another movement with it is 409', async () => {
    const card = await createCard(api, { amount: 1000 });
    const body = { card_id: card.card_id, ref_id: uniqueId('ref'), amount: 400 };
    const first = await tx(body);
    const again = await tx(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(card.card_id)).toBe(600);
    const before = await walletState(k);
    for (const change of [{ amount: 401 }, { type: 'fund' }]) {
      const res = await tx({ ...body, ...change });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('WALLET_REF_ID_REUSED');
    }
    expect(await walletState(k)).toEqual(before);
    // the same ref_id on another card is another entry
    const second = await createCard(api, { amount: 1000 });
    expect((await tx({ ...body, card_id: second.card_id })).body.balance_after).toBe(600);
  });

  it("the card's own initial entry never takes a client's ref_id: a fund with ref_id initial is a movement of its own", async () => {
    const card = await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', amount: 1000 });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const fund = await tx({ card_id: card.body.card_id, type: 'fund', amount: 1000, ref_id: 'initial' });
    expect(fund.status, JSON.stringify(fund.body)).toBe(200);
    expect(await balanceOf(card.body.card_id)).toBe(2000);
    const again = await tx({ card_id: card.body.card_id, type: 'fund', amount: 1000, ref_id: 'initial' });
    expect(again.body.id).toBe(fund.body.id); // the client's own retry replays its entry
    expect(await balanceOf(card.body.card_id)).toBe(2000);
    expect((await tx({ card_id: card.body.card_id, type: 'fund', amount: 5, ref_id: 'initial' })).status).toBe(409);
    expect((await ledgerOf(card.body.card_id)).map((e) => [e.ref_id, e.amount, e.balance_after])).toEqual([
      ['initial', 1000, 1000],
      ['initial', 1000, 2000],
    ]);
  });

  it('an Idempotency-Key replays the first answer', async () => {
    const card = await createCard(api, { amount: 1000 });
    const key = { 'idempotency-key': uniqueId('key') };
    const body = { card_id: card.card_id, ref_id: uniqueId('ref'), amount: 100, currency: 'NOK' };
    const first = await api.post(`${WALLETS}/transactions`, body, key);
    const again = await api.post(`${WALLETS}/transactions`, body, key);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(card.card_id)).toBe(900);
  });

  const badTx: [string, Record<string, unknown>, string][] = [
    ['both card_id and token', { token: 'KASSACARD:x' }, 'INVALID_REQUEST'],
    ['neither card_id nor token', { card_id: undefined }, 'INVALID_REQUEST'],
    ['no ref_id', { ref_id: undefined }, 'INVALID_REQUEST'],
    ['amount 0', { amount: 0 }, 'INVALID_REQUEST'],
    ['a negative amount', { amount: -5 }, 'INVALID_REQUEST'],
    ['an unknown type', { type: 'steal' }, 'INVALID_REQUEST'],
    ['a reserved metadata key', { metadata: { kassa_ledger: 1 } }, 'INVALID_REQUEST'],
    ['another currency than the card', { currency: 'SEK' }, 'CURRENCY_MISMATCH'],
  ];
  for (const [name, change, code] of badTx) {
    it(`${name} is 400 ${code} and writes nothing`, async () => {
      const card = await createCard(api, { amount: 1000 });
      const before = await walletState(k);
      const res = await tx({ card_id: card.card_id, amount: 10, ...change });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(await walletState(k)).toEqual(before);
    });
  }

  it('a fund that would take the balance past int32 is 400', async () => {
    const card = await createCard(api, { amount: 2 ** 31 - 10 });
    const res = await tx({ card_id: card.card_id, amount: 11, type: 'fund' });
    expect(res.status).toBe(400);
    expect(await balanceOf(card.card_id)).toBe(2 ** 31 - 10);
  });

  it('no drawdown before active_from (a fund is fine), and no transaction after expires_at', async () => {
    const future = await createCard(api, { active_from: '2099-01-01T00:00:00Z' });
    expect((await tx({ card_id: future.card_id, amount: 100, type: 'fund' })).status).toBe(200);
    const early = await tx({ card_id: future.card_id, amount: 10 });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('WALLET_CARD_NOT_ACTIVE');
    const expiring = await createCard(api, { amount: 100, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await expireCard(k, expiring.card_id);
    for (const type of ['drawdown', 'fund']) {
      const res = await tx({ card_id: expiring.card_id, amount: 10, type });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('WALLET_CARD_EXPIRED');
    }
    expect(await balanceOf(expiring.card_id)).toBe(100);
  });

  it('the ledger pages with starting_after = the last entry id and paging_token; an unknown entry is 400', async () => {
    const card = await createCard(api, { amount: 1000 });
    for (let i = 0; i < 4; i++) await tx({ card_id: card.card_id, amount: 1 });
    const first = await api.get(`${WALLETS}/cards/${card.card_id}/transactions?limit=3`);
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('paging_token')).toBe(first.body[2].id);
    const second = await api.get(
      `${WALLETS}/cards/${card.card_id}/transactions?limit=3&starting_after=${first.body[2].id}`,
    );
    expect(second.body.map((e: { balance_after: number }) => e.balance_after)).toEqual([997, 996]);
    expect(second.headers.get('paging_token')).toBeNull();
    const unknown = await api.get(`${WALLETS}/cards/${card.card_id}/transactions?starting_after=${uniqueId('x')}`);
    expect(unknown.status).toBe(400);
  });
});

describe('who may use the wallets API', () => {
  it("another account's token gets 404 on every operation, on its own path and on ours, and changes nothing", async () => {
    const card = await createCard(api, { amount: 1000 });
    const token = (await api.post(`${WALLETS}/cards/${card.card_id}/tokens`, { ref_id: 'r1', expires_in: 600 })).body
      .token.value as string;
    const before = await walletState(k);
    const theirs = otherWallets(OTHER.accountId);
    const calls = [
      () => other.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK' }),
      () => other.get(`${WALLETS}/cards`),
      () => other.get(`${WALLETS}/cards/${card.card_id}`),
      () => other.get(`${WALLETS}/cards/${card.card_id}/transactions`),
      () => other.post(`${WALLETS}/cards/${card.card_id}/tokens`, { ref_id: 'x', expires_in: 60 }),
      () => other.post(`${WALLETS}/transactions`, { card_id: card.card_id, ref_id: 'x', amount: 1, currency: 'NOK' }),
      () => other.get(`${theirs}/cards/${card.card_id}`),
      () => other.get(`${theirs}/cards/${card.card_id}/transactions`),
      () => other.post(`${theirs}/cards/${card.card_id}/tokens`, { ref_id: 'x', expires_in: 60 }),
      () => other.post(`${theirs}/transactions`, { card_id: card.card_id, ref_id: 'x', amount: 1, currency: 'NOK' }),
      () => other.post(`${theirs}/transactions`, { token, ref_id: 'x', amount: 1, currency: 'NOK' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    expect(await walletState(k)).toEqual(before);
    expect(
      ((await other.get(`${theirs}/cards?limit=100`)).body as { card_id: string }[]).map((c) => c.card_id),
    ).not.toContain(card.card_id);
  });

  it('reads need read:wallets (or write/admin); writes need write:wallets or admin:wallets; else 403 and nothing changes', async () => {
    const card = await createCard(api, { amount: 1000 });
    const reader = await clientWithScopes(k, ['read:wallets']);
    const none = await clientWithScopes(k, ['admin:checkout', 'read:customers']);
    const writer = await clientWithScopes(k, ['write:wallets']);
    expect((await reader.get(`${WALLETS}/cards/${card.card_id}`)).status).toBe(200);
    expect((await reader.get(`${WALLETS}/cards`)).status).toBe(200);
    expect((await reader.get(`${WALLETS}/cards/${card.card_id}/transactions`)).status).toBe(200);
    const before = await walletState(k);
    const writes = (c: ApiClient) => [
      () => c.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK' }),
      () => c.post(`${WALLETS}/cards/${card.card_id}/tokens`, { ref_id: 'x', expires_in: 60 }),
      () => c.post(`${WALLETS}/transactions`, { card_id: card.card_id, ref_id: 'x', amount: 1, currency: 'NOK' }),
    ];
    for (const c of [reader, none]) {
      for (const call of writes(c)) {
        const res = await call();
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
      }
    }
    for (const path of [
      `${WALLETS}/cards`,
      `${WALLETS}/cards/${card.card_id}`,
      `${WALLETS}/cards/${card.card_id}/transactions`,
    ])
      expect((await none.get(path)).status).toBe(403);
    expect(await walletState(k)).toEqual(before);
    for (const call of writes(writer)) expect((await call()).status).toBe(200);
    expect((await writer.get(`${WALLETS}/cards/${card.card_id}`)).status).toBe(200);
  });

  it('without credentials every wallet operation is 401', async () => {
    const anon = new ApiClient(k.srv.baseUrl);
    expect((await anon.get(`${WALLETS}/cards`)).status).toBe(401);
    expect((await anon.post(`${WALLETS}/cards`, { currency: 'NOK' })).status).toBe(401);
    expect(
      (await anon.post(`${WALLETS}/transactions`, { card_id: 'x', ref_id: 'x', amount: 1, currency: 'NOK' })).status,
    ).toBe(401);
  });
});
