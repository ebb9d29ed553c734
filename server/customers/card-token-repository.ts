import type { Selectable } from 'kysely';
import type { Database, Executor } from '../db/database';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import type { CardSummary } from '../providers/port';
import { parseJson } from '../shared/json-columns';
import type { StoredCardTokensTable } from './customers-tables';
import type { CardTokenView } from './customer-schemas';

export type CardTokenRow = Selectable<StoredCardTokensTable>;

export const cardTokenNotFound = (tokenId: string) =>
  new AppError('CARD_TOKEN_NOT_FOUND', `Card token ${tokenId} was not found`);

/** A stored card of the account that is not deleted (of `customerId` when given); `lock` locks its row. */
export const loadCardToken = async (
  exec: Executor,
  accountId: string,
  tokenId: string,
  opts: { customerId?: string; lock?: Database } = {},
): Promise<CardTokenRow> => {
  let q = exec
    .selectFrom('stored_card_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('token_id', '=', tokenId)
    .where('deleted_at', 'is', null);
  if (opts.customerId !== undefined) q = q.where('customer_id', '=', opts.customerId);
  const row = await (opts.lock ? forUpdate(opts.lock, q) : q).executeTakeFirst();
  if (!row) throw cardTokenNotFound(tokenId);
  return row;
};

/** The token mapper: the card summary parsed once; the token values never leave the server here. */
export const readCardToken = (row: CardTokenRow): CardTokenView => {
  const card = parseJson<CardSummary>(row.card);
  return {
    token_id: row.token_id,
    type: 'payment_token',
    token_types: row.recurrence_token ? ['payment_token', 'recurrence_token'] : ['payment_token'],
    payment_product_type: row.payment_product_type,
    ...(row.customer_id !== null ? { customer_id: row.customer_id } : {}),
    card: {
      brand: card.brand,
      masked_pan: card.masked_pan,
      expiry_date: card.expiry_date,
      ...(card.type ? { type: card.type } : {}),
    },
    session_id: row.session_id,
    transaction_id: row.transaction_id,
    created_at: row.created_at,
    ...(row.deleted_at ? { deleted_at: row.deleted_at } : {}),
    ...(row.deleted_by ? { deleted_by: row.deleted_by } : {}),
  };
};
