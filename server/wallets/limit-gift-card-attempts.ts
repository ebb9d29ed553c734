import type { AppContext } from '../app-context';
import type { Env } from '../config/env';
import type { Executor } from '../db/database';
import { reserveAddressSlot, type AddressSlot } from '../payments';
import { nowIso } from '../shared/clock';
import { timeOrderedUuid } from '../shared/ids';
import { assertWindowLeft, LIMIT_WINDOW_SECONDS, windowStart } from '../shared/window-limit';

/**
 * The limits on wrong gift card tries at checkout (ADR 030), counted like the pay attempts (ADR 020):
 * per session and per card from `gift_card_attempts` rows within an hour (so every process and a
 * restart see one count; call them in the transaction that records the try, with the session's and
 * the card's rows locked), per source address in this process's memory (a token bucket a minute).
 */
type Limits = Pick<Env, 'KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION' | 'KASSA_GIFT_CARD_ATTEMPTS_PER_CARD'>;

/** 429 once the session has `KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION` wrong tries within the hour, whatever card comes next. */
export const assertSessionTriesLeft = async (
  db: Executor,
  env: Limits,
  sessionId: string,
  nowMs = Date.now(),
): Promise<void> => {
  const limit = env.KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION;
  if (limit <= 0) return;
  const since = windowStart(LIMIT_WINDOW_SECONDS, nowMs);
  const rows = db
    .selectFrom('gift_card_attempts')
    .select('created_at')
    .where('session_id', '=', sessionId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  assertWindowLeft(await rows, limit, 'Too many wrong gift card tries on this checkout', nowMs);
};

/** 429 once the card has `KASSA_GIFT_CARD_ATTEMPTS_PER_CARD` wrong PINs within the hour, on any session, even with the right PIN. */
export const assertCardTriesLeft = async (
  db: Executor,
  env: Limits,
  accountId: string,
  cardKey: string,
  nowMs = Date.now(),
): Promise<void> => {
  const limit = env.KASSA_GIFT_CARD_ATTEMPTS_PER_CARD;
  if (limit <= 0) return;
  const since = windowStart(LIMIT_WINDOW_SECONDS, nowMs);
  const rows = db
    .selectFrom('gift_card_attempts')
    .select('created_at')
    .where('account_id', '=', accountId)
    .where('card_key', '=', cardKey)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  assertWindowLeft(await rows, limit, 'Too many wrong PINs for this gift card', nowMs);
};

export const recordWrongTry = async (
  trx: Executor,
  t: { accountId: string; sessionId: string; cardKey: string | undefined },
): Promise<void> => {
  await trx
    .insertInto('gift_card_attempts')
    .values({
      id: timeOrderedUuid(),
      account_id: t.accountId,
      session_id: t.sessionId,
      card_key: t.cardKey ?? null,
      created_at: nowIso(),
    })
    .execute();
};

/**
 * A slot of the per-address limit (`KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS` a minute), taken before the
 * cards are looked up, so a burst gets no more than the limit of tries; given back unless the try was wrong.
 */
export const reserveAddressTry = (ctx: Pick<AppContext, 'giftCardAttemptsPerAddress'>, address: string): AddressSlot =>
  reserveAddressSlot(ctx.giftCardAttemptsPerAddress, address, 'Too many wrong gift card tries from this address');
