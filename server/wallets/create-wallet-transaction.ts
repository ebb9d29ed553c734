import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Database, Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { appendLedgerEntry, findEntryByRef } from './wallet-ledger';
import {
  loadCard,
  lockCardRow,
  readLedgerEntry,
  type CardRow,
  type LedgerRow,
  type TokenRow,
} from './wallet-repository';
import type { TransactionInput, WalletTransactionView } from './wallet-schemas';
import { assertTokenUnused, findLiveToken, tokenNotFound, useToken } from './wallet-tokens';

/** The card (row-locked until commit) and, when paid by token, the token as read under that lock. */
const lockTarget = async (
  trx: Executor,
  database: Database,
  accountId: string,
  input: TransactionInput,
): Promise<{ card: CardRow; token?: TokenRow }> => {
  if ('card_id' in input) return { card: await loadCard(trx, accountId, input.card_id, database) };
  const found = await findLiveToken(trx, accountId, input.token);
  if (!found) throw tokenNotFound();
  const card = await lockCardRow(trx, database, found.card_row_id);
  const token = await trx.selectFrom('wallet_tokens').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
  return { card, token };
};

/** A repeated ref_id on a card answers the entry it made, when it asks for the same movement; otherwise 409. */
const replayOrRefuse = (existing: LedgerRow, input: TransactionInput, token: TokenRow | undefined): string => {
  const same =
    existing.type === input.type &&
    existing.amount === input.amount &&
    existing.currency === input.currency &&
    existing.token_id === (token?.id ?? null);
  if (!same)
    throw new AppError(
      'WALLET_REF_ID_REUSED',
      `ref_id ${input.ref_id} was already used on this card for another transaction`,
      { errors: [{ path: 'ref_id', message: 'already used' }] },
    );
  return existing.id;
};

/**
 * Draws down or funds a card (by card_id or by one of its tokens). Checked and written in one
 * database transaction under the card's row lock: the balance (the ledger's sum) never goes below
 * zero, a single-use token pays once, and ref_id makes retries safe.
 */
export const createWalletTransaction = async (
  ctx: AppContext,
  actor: Actor,
  input: TransactionInput,
  meta: RequestMeta,
): Promise<WalletTransactionView> =>
  inTransaction(ctx.database, async (trx) => {
    let cardId = '';
    const { id } = await oncePerKey(trx, ctx.database, meta, async () => {
      const { card, token } = await lockTarget(trx, ctx.database, actor.accountId, input);
      cardId = card.card_id;
      const existing = await findEntryByRef(trx, card.id, input.ref_id);
      if (existing) return replayOrRefuse(existing, input, token);
      if (token) assertTokenUnused(token);
      const entry = await appendLedgerEntry(trx, card, {
        ...input,
        refId: input.ref_id,
        createdBy: actor.subject,
        tokenId: token?.id,
      });
      if (token) await useToken(trx, token);
      return entry.id;
    });
    const row = await trx.selectFrom('wallet_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const card = cardId
      ? { card_id: cardId }
      : await trx
          .selectFrom('wallet_cards')
          .select('card_id')
          .where('id', '=', row.card_row_id)
          .executeTakeFirstOrThrow();
    const token = row.token_id
      ? await trx.selectFrom('wallet_tokens').select('value').where('id', '=', row.token_id).executeTakeFirst()
      : undefined;
    return readLedgerEntry(row, card.card_id, token?.value);
  });
