import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadCard, readLedgerEntry } from './wallet-repository';
import type { ListInput, WalletTransactionView } from './wallet-schemas';
import { pageOf, type Page, unknownCursor } from '../shared/paging';

/** The card's ledger, in the order written, paged with `starting_after` = the last entry's id; `next` is set when there is more. */
export const listCardTransactions = async (
  ctx: AppContext,
  actor: Actor,
  cardId: string,
  query: ListInput,
): Promise<Page<WalletTransactionView>> => {
  const { db } = ctx.database;
  const card = await loadCard(db, actor.accountId, cardId);
  let q = db
    .selectFrom('wallet_transactions as w')
    .leftJoin('wallet_tokens as t', 't.id', 'w.token_id')
    .selectAll('w')
    .select('t.value as token_value')
    .where('w.card_row_id', '=', card.id);
  if (query.starting_after) {
    const after = await db
      .selectFrom('wallet_transactions')
      .select('seq')
      .where('card_row_id', '=', card.id)
      .where('id', '=', query.starting_after)
      .executeTakeFirst();
    if (!after) throw unknownCursor('transaction of this wallet card');
    q = q.where('w.seq', '>', after.seq);
  }
  const rows = await q
    .orderBy('w.seq')
    .limit(query.limit + 1)
    .execute();
  return pageOf(
    rows.map(({ token_value, ...row }) => readLedgerEntry(row, card.card_id, token_value ?? undefined)),
    query.limit,
    (e) => e.id,
  );
};
