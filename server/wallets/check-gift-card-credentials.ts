import type { AppContext } from '../app-context';
import type { Executor } from '../db/database';
import { forUpdate, inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import {
  foundSandboxCard,
  sandboxCardByNumber,
  sandboxPinMatches,
  WRONG_NUMBER_OR_PIN,
  type FoundGiftCard,
  type GiftCardRequest,
} from '../providers/sandbox/sandbox-gift-cards';
import {
  assertCardTriesLeft,
  assertSessionTriesLeft,
  recordWrongTry,
  reserveAddressTry,
} from './limit-gift-card-attempts';
import { pinMatches } from './token-pin';
import { lockCardRow, type TokenRow } from './wallet-repository';
import { findLiveToken } from './wallet-tokens';

/** What a card token with the right PIN named: the account's live wallet token, or a sandbox test card. */
export interface CheckedCard {
  token?: TokenRow;
  sandbox?: FoundGiftCard;
}

interface Candidate {
  /** The card the try names (wallet card row id, sandbox card id): its wrong PINs are counted. */
  cardKey?: string;
  matches: boolean;
  checked: CheckedCard;
}

const invalid = (path: string, message: string) =>
  new AppError('GIFT_CARD_INVALID', message, { errors: [{ path, message }] });

const walletCandidate = async (
  trx: Executor,
  ctx: AppContext,
  accountId: string,
  req: GiftCardRequest & { pin: string },
): Promise<Candidate> => {
  const token = await findLiveToken(trx, accountId, req.value.trim());
  if (token) await lockCardRow(trx, ctx.database, token.card_row_id); // the card's count is read and written one try at a time
  return {
    cardKey: token?.card_row_id,
    matches: pinMatches(ctx.walletPinKey, token?.id, req.pin, token?.pin_hash),
    checked: token ? { token } : {},
  };
};

const sandboxCandidate = (req: GiftCardRequest & { pin: string }): Candidate => {
  const card = sandboxCardByNumber(req.value);
  return {
    cardKey: card?.card_id,
    matches: sandboxPinMatches(card, req.pin),
    checked: card ? { sandbox: foundSandboxCard(card) } : {},
  };
};

/**
 * The checkout's gift card credentials (ADR 030): every `card_token` entry needs its PIN (400 at
 * `gift_cards[i].pin` before anything is looked up), then names a live token of the account with
 * that PIN (a sandbox test card and its PIN for accounts without wallet cards). An unknown token and
 * a wrong PIN are the same 400 and one wrong try, recorded in a transaction of its own (the refused
 * write changes nothing else) under the session's and the card's row locks, after the limits were
 * checked there: per session, per card, and first per source address. Answers what each entry named.
 */
export const checkGiftCardCredentials = async (
  ctx: AppContext,
  session: { id: string; account_id: string },
  requests: readonly GiftCardRequest[],
  hasWalletCards: boolean,
  address: string,
): Promise<Map<number, CheckedCard>> => {
  const entries = [...requests.entries()].filter(([, r]) => r.type.endsWith('.card_token'));
  if (entries.length === 0) return new Map();
  for (const [i, r] of entries) if (!r.pin) throw invalid(`gift_cards[${i}].pin`, 'Enter the PIN of the gift card');
  const slot = reserveAddressTry(ctx, address);
  let outcome: { wrong: number } | { found: Map<number, CheckedCard> };
  try {
    outcome = await inTransaction(ctx.database, async (trx) => {
      await forUpdate(
        ctx.database,
        trx.selectFrom('sessions').select('id').where('id', '=', session.id),
      ).executeTakeFirst();
      await assertSessionTriesLeft(trx, ctx.env, session.id);
      const found = new Map<number, CheckedCard>();
      for (const [i, req] of entries) {
        const withPin = { ...req, pin: req.pin! };
        const c = hasWalletCards
          ? await walletCandidate(trx, ctx, session.account_id, withPin)
          : sandboxCandidate(withPin);
        if (c.cardKey !== undefined) await assertCardTriesLeft(trx, ctx.env, session.account_id, c.cardKey);
        if (!c.matches) {
          await recordWrongTry(trx, { accountId: session.account_id, sessionId: session.id, cardKey: c.cardKey });
          return { wrong: i };
        }
        found.set(i, c.checked);
      }
      return { found };
    });
  } catch (e) {
    slot.giveBack(); // refused before any guess was judged (a limit, the database): no wrong try from this address
    throw e;
  }
  if ('wrong' in outcome) throw invalid(`gift_cards[${outcome.wrong}].value`, WRONG_NUMBER_OR_PIN);
  slot.giveBack();
  return outcome.found;
};
