import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { nowIso } from '../shared/clock';
import { balanceOf, loadCard, maskToken, readCard } from './wallet-repository';
import type { CardDetailsView } from './wallet-schemas';

/** The card with its balance (the ledger's sum) and its tokens that have not expired, masked. */
export const getCard = async (ctx: AppContext, actor: Actor, cardId: string): Promise<CardDetailsView> => {
  const { db } = ctx.database;
  const row = await loadCard(db, actor.accountId, cardId);
  const tokens = await db
    .selectFrom('wallet_tokens')
    .selectAll()
    .where('card_row_id', '=', row.id)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...readCard(row, await balanceOf(db, row.id)),
    tokens: tokens.map((t) => ({
      id: t.id,
      ref_id: t.ref_id,
      masked_code: maskToken(t.value),
      expires_at: t.expires_at,
      expires_after_transaction: t.expires_after_transaction === 1,
      ...(t.used_at ? { used_at: t.used_at } : {}),
    })),
  };
};
