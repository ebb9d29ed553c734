import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { addSeconds, nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { parseJson, toJson } from '../shared/json-columns';
import { code128DataUri } from './token-barcode';
import { generateTokenValue, resolveTokenFormat } from './token-format';
import { loadCard, tokenFormat, type CardRow, type TokenRow } from './wallet-repository';
import type { StoredTokenFormat, TokenInput, TokenView } from './wallet-schemas';

const ATTEMPTS = 20;

/** Inserts the token with a value no live token of the account has (a value of an expired token is free again). */
const insertUnique = async (trx: Executor, row: Omit<TokenRow, 'value' | 'live_value'>, format: StoredTokenFormat): Promise<void> => {
  for (let i = 0; i < ATTEMPTS; i++) {
    const value = generateTokenValue(format);
    await trx.updateTable('wallet_tokens').set({ live_value: null }).where('account_id', '=', row.account_id).where('live_value', '=', value).where('expires_at', '<=', row.created_at).execute();
    const inserted = await trx
      .insertInto('wallet_tokens')
      .values({ ...row, value, live_value: value })
      .onConflict((oc) => oc.columns(['account_id', 'live_value']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
  }
  throw new AppError('WALLET_TOKEN_FORMAT_INVALID', 'The token format has too few values left that no live token uses; choose a longer format', {
    errors: [{ path: 'format.length', message: 'too short' }],
  });
};

const issueToken = async (trx: Executor, actor: Actor, card: CardRow, input: TokenInput, format: StoredTokenFormat): Promise<string> => {
  const existing = await trx.selectFrom('wallet_tokens').select('id').where('card_row_id', '=', card.id).where('ref_id', '=', input.ref_id).executeTakeFirst();
  if (existing) return existing.id; // the same ref_id is the same token
  const now = nowIso();
  if (card.expires_at !== null && card.expires_at <= now) throw new AppError('WALLET_CARD_EXPIRED', `Wallet card ${card.card_id} expired at ${card.expires_at}`);
  const id = uuid();
  await insertUnique(
    trx,
    {
      id,
      account_id: actor.accountId,
      card_row_id: card.id,
      ref_id: input.ref_id,
      expires_in: input.expires_in,
      expires_at: addSeconds(now, input.expires_in),
      expires_after_transaction: input.expires_after_transaction ? 1 : 0,
      format: toJson(format),
      metadata: toJson(input.metadata ?? {}),
      used_at: null,
      created_at: now,
      created_by: actor.subject,
    },
    format,
  );
  return id;
};

/**
 * Issues a short-lived token for a card (POST /wallets/cards/{card_id}/tokens). ref_id is idempotent
 * per card: a repeated one answers the token it made. The value is unique among the account's live
 * tokens; with `format.barcode` the answer carries it as a Code 128 PNG.
 */
export const createCardToken = async (ctx: AppContext, actor: Actor, cardId: string, input: TokenInput, meta: RequestMeta): Promise<TokenView> => {
  const format = resolveTokenFormat(input.format);
  const { row, card } = await inTransaction(ctx.database, async (trx) => {
    const card = await loadCard(trx, actor.accountId, cardId, ctx.database);
    const { id } = await oncePerKey(trx, ctx.database, meta, () => issueToken(trx, actor, card, input, format));
    return { card, row: await trx.selectFrom('wallet_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
  });
  const stored = tokenFormat(row);
  return {
    id: row.id,
    created_at: row.created_at,
    created_by: row.created_by,
    ref_id: row.ref_id,
    card_id: card.card_id,
    expires_in: row.expires_in,
    expires_at: row.expires_at,
    expires_after_transaction: row.expires_after_transaction === 1,
    format: stored,
    metadata: parseJson<Record<string, unknown>>(row.metadata),
    token: { value: row.value, ...(stored.barcode ? { barcode_128: await code128DataUri(row.value) } : {}) },
  };
};
