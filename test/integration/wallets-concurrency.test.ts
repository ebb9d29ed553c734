import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { WALLETS, createCard, uniqueId } from '../support/wallets';

const { api } = useKassa();

const Operation = fc.record({
  type: fc.constantFrom('drawdown', 'fund', 'drawdown'),
  amount: fc.integer({ min: 1, max: 400 }),
});

describe('concurrent charges on one card', () => {
  it('many parallel POST /transactions never take the balance below zero, and the balance is always the ledger sum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2000 }),
        fc.array(Operation, { minLength: 5, maxLength: 40 }),
        async (initial, operations) => {
          const card = await createCard(api, initial > 0 ? { amount: initial } : {});
          const answers = await Promise.all(
            operations.map((op) =>
              api.post(`${WALLETS}/transactions`, {
                card_id: card.card_id,
                ref_id: uniqueId('c'),
                currency: 'NOK',
                ...op,
              }),
            ),
          );
          for (const a of answers) {
            expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
            if (a.status === 400) expect(a.body.error.code).toBe('INSUFFICIENT_BALANCE');
          }
          const accepted = answers
            .filter((a) => a.status === 200)
            .map((a) => a.body as { type: string; amount: number });
          expect(answers.filter((a, i) => a.status === 400 && operations[i]!.type === 'fund')).toEqual([]); // a fund is never refused
          const expected = initial + accepted.reduce((s, e) => s + (e.type === 'fund' ? e.amount : -e.amount), 0);

          const ledger = (await api.get(`${WALLETS}/cards/${card.card_id}/transactions?limit=100`)).body as {
            type: string;
            amount: number;
            balance_after: number;
          }[];
          expect(ledger).toHaveLength(accepted.length + (initial > 0 ? 1 : 0));
          let running = 0;
          for (const entry of ledger) {
            running += entry.type === 'fund' ? entry.amount : -entry.amount;
            expect(entry.balance_after).toBe(running); // entries applied one at a time, in order
            expect(entry.balance_after).toBeGreaterThanOrEqual(0);
          }
          const read = (await api.get(`${WALLETS}/cards/${card.card_id}`)).body;
          expect(read.amount_balance).toBe(running);
          expect(read.amount_balance).toBe(expected);
          expect(read.amount_balance).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('parallel drawdowns of exactly the balance: exactly one wins', async () => {
    const card = await createCard(api, { amount: 500 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(`${WALLETS}/transactions`, {
          card_id: card.card_id,
          ref_id: uniqueId('all'),
          currency: 'NOK',
          amount: 500,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.error.code === 'INSUFFICIENT_BALANCE')).toHaveLength(19);
    expect((await api.get(`${WALLETS}/cards/${card.card_id}`)).body.amount_balance).toBe(0);
  });

  it('parallel payments with one single-use token: exactly one is accepted', async () => {
    const card = await createCard(api, { amount: 10_000 });
    const value = (
      await api.post(`${WALLETS}/cards/${card.card_id}/tokens`, { ref_id: uniqueId('t'), expires_in: 600 })
    ).body.token.value;
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        api.post(`${WALLETS}/transactions`, { token: value, ref_id: uniqueId('once'), currency: 'NOK', amount: 100 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error.code === 'WALLET_TOKEN_USED')).toHaveLength(14);
    expect((await api.get(`${WALLETS}/cards/${card.card_id}`)).body.amount_balance).toBe(9_900);
  });
});
