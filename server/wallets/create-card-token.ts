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
import { generatePin, hashPin } from './token-pin';
import { loadCard, tokenFormat, type CardRow, type TokenRow } from './wallet-repository';
import type { StoredTokenFormat, TokenInput, TokenView } from './wallet-schemas';

const ATTEMPTS = 20;

/** Inserts the token with a value no live token of the account has (a value of an expired token is free again). */
const insertUnique = async (
  trx: Executor,
  row: Omit<TokenRow, 'value' | 'live_value'>,
  format: StoredTokenFormat,
): Promise<void> => {
  for (let i = 0; i < ATTEMPTS; i++) {
    const value = generateTokenValue(format);
    await trx
      .updateTable('wallet_tokens')
      .set({ live_value: null })
      .where('account_id', '=', row.account_id)
      .where('live_value', '=', value)
      .where('expires_at', '<=', row.created_at)
      .execute();
    const inserted = await trx
      .insertInto('wallet_tokens')
      .values({ ...row, value, live_value: value })
      .onConflict((oc) => oc.columns(['account_id', 'live_value']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
  }
  throw new AppError(
    'WALLET_TOKEN_FORMAT_INVALID',
    'The token format has too few values left that no live token uses; choose a longer format',
    {
      errors: [{ path: 'format.length', message: 'too short' }],
    },
  );
};

/** The token's id, and the PIN when this call created the token and generated it (answered once, never stored). */
interface Issued {
  id: string;
  generatedPin?: string;
}

const issueToken = async (
  trx: Executor,
  pinKey: string,
  actor: Actor,
  card: CardRow,
  input: TokenInput,
  format: StoredTokenFormat,
): Promise<Issued> => {
  const existing = await trx
    .selectFrom('wallet_tokens')
    .select('id')
    .where('card_row_id', '=', card.id)
    .where('ref_id', '=', input.ref_id)
    .executeTakeFirst();
  if (existing) return { id: existing.id }; // the same ref_id is the same token (its PIN is not answered again)
  const now = nowIso();
  if (card.expires_at !== null && card.expires_at <= now)
    throw new AppError('WALLET_CARD_EXPIRED', `Wallet card ${card.card_id} expired at ${card.expires_at}`);
  const id = uuid();
  const pin = input.pin ?? generatePin();
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
      pin_hash: hashPin(pinKey, id, pin),
    },
    format,
  );
  return input.pin === undefined ? { id, generatedPin: pin } : { id };
};

/**
 * Issues a short-lived token for a card (POST /wallets/cards/{card_id}/tokens). ref_id is idempotent
 * per card: a repeated one answers the token it made. The value is unique among the account's live
 * tokens; with `format.barcode` the answer carries it as a Code 128 PNG. The token gets the PIN the
 * merchant gave, or a generated one, answered only here as `pin` (ADR 030): a replay (the same
 * ref_id or Idempotency-Key) answers the token without it.
 */
export const createCardToken = async (
  ctx: AppContext,
  actor: Actor,
  cardId: string,
  input: TokenInput,
  meta: RequestMeta,
): Promise<{ token: TokenView; pin?: string }> => {
  const format = resolveTokenFormat(input.format);
  const { row, card, generatedPin } = await inTransaction(ctx.database, async (trx) => {
    const card = await loadCard(trx, actor.accountId, cardId, ctx.database);
    const made: Partial<Issued> = {}; // what this run made (a replay makes nothing)
    const { id } = await oncePerKey(
      trx,
      ctx.database,
      meta,
      async () => Object.assign(made, await issueToken(trx, ctx.walletPinKey, actor, card, input, format)).id!,
    );
    return {
      card,
      generatedPin: made.generatedPin,
      row: await trx.selectFrom('wallet_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    };
  });
  const token = await tokenView(row, card.card_id);
  return generatedPin === undefined ? { token } : { token, pin: generatedPin };
};

const tokenView = async (row: TokenRow, cardId: string): Promise<TokenView> => {
  const stored = tokenFormat(row);
  return {
    id: row.id,
    created_at: row.created_at,
    created_by: row.created_by,
    ref_id: row.ref_id,
    card_id: cardId,
    expires_in: row.expires_in,
    expires_at: row.expires_at,
    expires_after_transaction: row.expires_after_transaction === 1,
    format: stored,
    metadata: parseJson<Record<string, unknown>>(row.metadata),
    token: { value: row.value, ...(stored.barcode ? { barcode_128: await code128DataUri(row.value) } : {}) },
  };
};
