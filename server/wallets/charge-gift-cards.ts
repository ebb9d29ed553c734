import type { Database, Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { accountHasWalletCards, cardProblem, invalid, type GiftCardSession } from './wallet-gift-cards';
import { appendLedgerEntry } from './wallet-ledger';
import { balanceOf, lockCardRow, type CardRow, type TokenRow } from './wallet-repository';
import { assertTokenUnused, useToken } from './wallet-tokens';

interface PlannedCharge {
  card: CardRow;
  token?: TokenRow;
  amount: number;
}

/**
 * Locks each wallet card on the order (in one order, by row id, so two payments sharing cards cannot
 * deadlock) and checks it can pay its part at `now`: usable, balance (what the order takes from the
 * same card counted together), the session's token still unused.
 */
const planCharges = async (
  trx: Executor,
  database: Database,
  session: GiftCardSession,
  now: string,
): Promise<PlannedCharge[]> => {
  const applied = session.order.gift_cards ?? [];
  const rows = await trx
    .selectFrom('wallet_cards')
    .select(['id', 'card_id'])
    .where('account_id', '=', session.account_id)
    .where(
      'card_id',
      'in',
      applied.map((g) => g.card_id),
    )
    .execute();
  const locked = new Map<string, CardRow>();
  for (const { id } of [...rows].sort((a, b) => (a.id < b.id ? -1 : 1)))
    locked.set(id, await lockCardRow(trx, database, id));
  const planned: PlannedCharge[] = [];
  const taken = new Map<string, number>();
  for (const [i, g] of applied.entries()) {
    const path = `order.gift_cards[${i}]`;
    const card = locked.get(rows.find((r) => r.card_id === g.card_id)?.id ?? '');
    if (!card) throw invalid(path, `Gift card ${g.card_id} is not a card of this shop`);
    const link = await trx
      .selectFrom('wallet_session_tokens')
      .select('token_id')
      .where('session_id', '=', session.id)
      .where('card_row_id', '=', card.id)
      .executeTakeFirst();
    const token = link
      ? await trx.selectFrom('wallet_tokens').selectAll().where('id', '=', link.token_id).executeTakeFirstOrThrow()
      : undefined;
    if (token && token.expires_at <= now) throw invalid(path, 'The gift card code has expired');
    if (token) assertTokenUnused(token, path);
    const problem = cardProblem(card, session.currency, now);
    if (problem) throw invalid(path, problem);
    const total = (taken.get(card.id) ?? 0) + g.amount;
    taken.set(card.id, total);
    if ((await balanceOf(trx, card.id)) < total) {
      throw new AppError('INSUFFICIENT_BALANCE', `Gift card ${g.card_id} no longer has the balance to pay its part`, {
        errors: [{ path, message: 'balance too low' }],
      });
    }
    planned.push({ card, amount: g.amount, ...(token ? { token } : {}) });
  }
  return planned;
};

const usesWallets = async (trx: Executor, session: GiftCardSession): Promise<boolean> =>
  (session.order.gift_cards?.length ?? 0) > 0 && (await accountHasWalletCards(trx, session.account_id));

/** Before paying: every wallet card on the order can still pay its part (nothing is written). */
export const assertGiftCardsPayable = async (
  trx: Executor,
  database: Database,
  session: GiftCardSession,
): Promise<void> => {
  if (await usesWallets(trx, session)) await planCharges(trx, database, session, nowIso());
};

/**
 * In the database transaction that records the approved payment: draws each wallet card down by its
 * part (a ledger entry with ref_id and transaction_id = the payment's transaction) and uses up a
 * single-use token. Everything is checked under the cards' row locks, at one instant, before
 * anything is written, so a refusal (an AppError: the caller records a FAILED attempt and commits)
 * leaves nothing behind. The writes repeat the checks at that same instant and cannot refuse; if
 * one ever did, after an earlier card was drawn down, it is thrown as an internal error, so the
 * whole database transaction rolls back rather than committing a partial charge.
 */
export const chargeGiftCards = async (
  trx: Executor,
  database: Database,
  session: GiftCardSession,
  transactionId: string,
  createdBy: string,
): Promise<void> => {
  if (!(await usesWallets(trx, session))) return;
  const now = nowIso();
  let written = 0;
  try {
    for (const { card, token, amount } of await planCharges(trx, database, session, now)) {
      await appendLedgerEntry(
        trx,
        card,
        {
          type: 'drawdown',
          amount,
          currency: session.currency,
          refId: transactionId,
          paymentTransactionId: transactionId,
          tokenId: token?.id,
          createdBy,
        },
        now,
      );
      written++;
      if (token) await useToken(trx, token, now);
    }
  } catch (e) {
    if (written > 0 && e instanceof AppError)
      throw new Error(`A gift card refused its drawdown (${e.code}) after another card was drawn down`, { cause: e });
    throw e;
  }
};
