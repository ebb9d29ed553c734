import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/errors/app-error';
import { nowIso } from '../../server/shared/clock';
import { inTransaction } from '../../server/db/tx';
import { chargeGiftCards } from '../../server/wallets/charge-gift-cards';
import { appendLedgerEntry } from '../../server/wallets/wallet-ledger';
import { useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';
import { createCard, uniqueId } from '../support/wallets';

// The server runs in this process: its clock is this module's, so a test can make time pass between two reads of it.
vi.mock('../../server/shared/clock', async (original) => {
  const real = await original<typeof import('../../server/shared/clock')>();
  return { ...real, nowIso: vi.fn(real.nowIso) };
});

// The ledger's append, as it is unless a test makes one call refuse.
vi.mock('../../server/wallets/wallet-ledger', async (original) => {
  const real = await original<typeof import('../../server/wallets/wallet-ledger')>();
  return { ...real, appendLedgerEntry: vi.fn(real.appendLedgerEntry) };
});

const k = useKassa();
const clock = vi.mocked(nowIso);
const append = vi.mocked(appendLedgerEntry);
afterEach(() => {
  clock.mockRestore();
  append.mockRestore();
});

const START = Date.parse('2031-03-01T12:00:00.000Z');
const realNow = clock.getMockImplementation()!;
/** The charge under test: only its own reads of the clock step (the server's pollers read it too, as often as they run). */
const charging = new AsyncLocalStorage<{ reads: number }>();
/** From now on every read of the clock by the charge is one second after the one before (its first reads START). */
const stepEverySecond = () => {
  clock.mockImplementation(() => {
    const charge = charging.getStore();
    return charge ? new Date(START + 1000 * charge.reads++).toISOString() : realNow();
  });
};

const cardRow = (cardId: string) =>
  k.db().selectFrom('wallet_cards').selectAll().where('card_id', '=', cardId).executeTakeFirstOrThrow();
const drawdowns = (transactionId: string) =>
  k
    .db()
    .selectFrom('wallet_transactions')
    .select(['card_row_id', 'amount'])
    .where('payment_transaction_id', '=', transactionId)
    .execute();

/** chargeGiftCards as the payment uses it: in the transaction that records the attempt, a refusal (AppError) is caught and the transaction commits. */
const chargeLikeThePayment = (cards: { card_id: string; amount: number }[]) => {
  const transactionId = uniqueId('tx');
  const session = {
    id: uniqueId('session'),
    account_id: ACCOUNT,
    currency: 'NOK',
    order: { gift_cards: cards.map((c) => ({ ...c, masked_card_token: '•••• 0000' })) },
  };
  const database = k.srv.kassa.ctx.database;
  const outcome = charging.run({ reads: 0 }, () =>
    inTransaction(database, async (trx) => {
      try {
        await chargeGiftCards(trx, database, session, transactionId, 'customer');
        return 'charged';
      } catch (e) {
        if (e instanceof AppError) return e.code;
        throw e;
      }
    }),
  );
  return { transactionId, outcome };
};

/** Cards of 50.00 and 60.00 on one order, the second expiring at `secondExpiresAt`, charged while the clock steps a second per read. */
const twoCardsCharged = async (secondExpiresAt: number) => {
  const first = await createCard(k.api, { amount: 5_000 });
  const second = await createCard(k.api, { amount: 6_000 });
  await k
    .db()
    .updateTable('wallet_cards')
    .set({ expires_at: new Date(secondExpiresAt).toISOString() })
    .where('card_id', '=', second.card_id)
    .execute();
  stepEverySecond();
  const charge = chargeLikeThePayment([
    { card_id: first.card_id, amount: 5_000 },
    { card_id: second.card_id, amount: 6_000 },
  ]);
  return { first, second, ...charge };
};

describe('gift cards are drawn down all together or not at all', () => {
  it('a card that expires while the payment is recorded: checked and drawn down at one instant, so both cards pay (never the first alone)', async () => {
    // The second card expires 1.5 s after the first clock read: between its check and its drawdown if each read the clock anew.
    const { first, second, transactionId, outcome } = await twoCardsCharged(START + 1500);
    expect(await outcome).toBe('charged');
    clock.mockRestore();
    const rows = await drawdowns(transactionId);
    expect(rows.map((r) => r.amount).sort()).toEqual([5_000, 6_000]);
    expect(new Set(rows.map((r) => r.card_row_id))).toEqual(
      new Set([(await cardRow(first.card_id)).id, (await cardRow(second.card_id)).id]),
    );
  });

  it('a card already expired at that instant refuses the charge before any card is drawn down', async () => {
    const { transactionId, outcome } = await twoCardsCharged(START - 1);
    expect(await outcome).toBe('GIFT_CARD_INVALID');
    clock.mockRestore();
    expect(await drawdowns(transactionId)).toEqual([]);
  });

  it('the same card twice on an order is checked for both parts together: more than its balance is refused with nothing drawn', async () => {
    const card = await createCard(k.api, { amount: 10_000 });
    const { transactionId, outcome } = chargeLikeThePayment([
      { card_id: card.card_id, amount: 6_000 },
      { card_id: card.card_id, amount: 6_000 },
    ]);
    expect(await outcome).toBe('INSUFFICIENT_BALANCE');
    expect(await drawdowns(transactionId)).toEqual([]);
    expect((await k.api.get(`/v1/accounts/${ACCOUNT}/wallets/cards/${card.card_id}`)).body.amount_balance).toBe(10_000);
  });

  it('a refusal after a card was drawn down (which the shared instant rules out) rolls the whole transaction back instead of committing half', async () => {
    const real = append.getMockImplementation()!;
    let drawn = 0;
    append.mockImplementation((...args) =>
      args[2].type === 'drawdown' && ++drawn === 2
        ? Promise.reject(new AppError('WALLET_CARD_EXPIRED', 'refused by the test'))
        : real(...args),
    );
    const { transactionId, outcome } = await twoCardsCharged(START + 60_000);
    await expect(outcome).rejects.toThrow(
      'A gift card refused its drawdown (WALLET_CARD_EXPIRED) after another card was drawn down',
    );
    clock.mockRestore();
    expect(drawn).toBe(2);
    expect(await drawdowns(transactionId)).toEqual([]);
  });
});
