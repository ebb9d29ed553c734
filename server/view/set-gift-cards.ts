import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../app-context';
import { allocateGiftCards } from '../../domain/express-order';
import { GIFT_CARDS_TYPE, GIFT_CARDS_TYPES } from '../../domain/view-types';
import { toJson } from '../shared/json-columns';
import type { ViewSession } from '../sessions/session-schemas';
import type { SetGiftCardsBody } from './view-schemas';
import { checkGiftCardCredentials } from '../wallets/check-gift-card-credentials';
import { accountHasWalletCards, rememberSessionTokens, resolveGiftCards } from '../wallets/wallet-gift-cards';
import { writeViewSession } from './write-view-session';

type GiftCardsInput = z.infer<typeof SetGiftCardsBody>['gift_cards'];

/** The card ids the merchant listed for this customer (`customer.gift_cards["kassa.wallets"]`, or the `dintero.` spelling). */
const listedCardIds = (customer: Record<string, unknown> | undefined): string[] => {
  const lists = (customer?.gift_cards ?? {}) as Record<string, unknown>;
  return GIFT_CARDS_TYPES.flatMap((key) =>
    Array.isArray(lists[key]) ? (lists[key] as { card_id?: unknown }[]) : [],
  ).flatMap((c) => (typeof c.card_id === 'string' ? [c.card_id] : []));
};

/**
 * Replaces the order's gift cards (an empty list removes them all): the account's wallet cards (by a
 * live card token and its PIN, or a listed card_id), or the sandbox's test cards for an account without wallet
 * cards. Each card pays up to its balance, in the order given; `used` is false when no card pays anything (the route answers 204).
 * Wrong tries (unknown token, wrong PIN) are limited per session, card and `clientAddress` (ADR 030).
 */
export const setGiftCards = async (
  ctx: AppContext,
  sessionId: string,
  input: GiftCardsInput,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
  clientAddress: string,
): Promise<{ used: boolean; view: ViewSession }> => {
  let used = false;
  const view = await writeViewSession(
    ctx,
    sessionId,
    { ifUnmodifiedSince, meta, expressOnly: true },
    async (session) => {
      // a card already on the order was checked (with its PIN) when it was added: it may be kept by its id
      const listed = [...listedCardIds(session.customer), ...(session.order.gift_cards ?? []).map((g) => g.card_id)];
      const wallets = await accountHasWalletCards(ctx.database.db, session.account_id);
      const checked = await checkGiftCardCredentials(ctx, session, input, wallets, clientAddress);
      const found = await resolveGiftCards(ctx.database.db, session, input, listed, checked, wallets);
      const unique = found.filter((c, i) => found.findIndex((d) => d.card_id === c.card_id) === i);
      const applied = allocateGiftCards(session.order.amount, unique).map((c) => ({
        type: GIFT_CARDS_TYPE,
        card_id: c.card_id,
        masked_card_token: c.masked_card_token,
        amount: c.amount,
      }));
      used = applied.length > 0;
      const { gift_cards: _previous, ...rest } = session.order;
      const order = used ? { ...rest, gift_cards: applied } : rest;
      const events = used
        ? applied.map((c): ['SET_GIFT_CARD', Record<string, unknown>] => [
            'SET_GIFT_CARD',
            {
              gift_card: {
                card_id: c.card_id,
                card_amount: c.amount,
                masked_card_token: c.masked_card_token,
                currency: session.currency,
              },
            },
          ])
        : [['SET_GIFT_CARD', { gift_cards: [] }] as ['SET_GIFT_CARD', Record<string, unknown>]];
      return {
        changes: { order_data: toJson(order) },
        events,
        alsoWrite: (trx) => rememberSessionTokens(trx, session.id, unique),
      };
    },
  );
  return { used, view };
};
