import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import type { TokenRow } from './wallet-repository';

/** The account's token with this value that has not expired (used single-use tokens included: they can still be looked up). */
export const findLiveToken = (exec: Executor, accountId: string, value: string): Promise<TokenRow | undefined> =>
  exec
    .selectFrom('wallet_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('live_value', '=', value)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();

/** The longest token value a lookup takes: the drawdown's `token` (POST /wallets/transactions). */
export const TOKEN_VALUE_MAX = 400;

/**
 * The live token a receipt's `customer.token.value` names: exactly the lookup a drawdown by token makes (any
 * prefix, any length it accepts), in one query that also takes the public API's spelling `DINTEROCARD:` of the
 * default prefix `KASSACARD:`; a token whose value is exactly what was posted wins.
 */
export const findLiveTokenForReceipt = async (
  exec: Executor,
  accountId: string,
  value: string,
): Promise<TokenRow | undefined> => {
  if (value.length === 0 || value.length > TOKEN_VALUE_MAX) return undefined;
  const alias = value.replace(/^DINTEROCARD:/i, 'KASSACARD:');
  const rows = await exec
    .selectFrom('wallet_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('live_value', 'in', alias === value ? [value] : [value, alias])
    .where('expires_at', '>', nowIso())
    .execute();
  return rows.find((r) => r.live_value === value) ?? rows[0];
};

export const tokenNotFound = (path = 'token') =>
  new AppError('WALLET_TOKEN_NOT_FOUND', 'No card token with this value, or it has expired', {
    errors: [{ path, message: 'unknown or expired' }],
  });

/** A single-use token pays one transaction. */
export const assertTokenUnused = (token: TokenRow, path = 'token'): void => {
  if (token.expires_after_transaction === 1 && token.used_at !== null) {
    throw new AppError('WALLET_TOKEN_USED', 'This card token has already paid a transaction', {
      errors: [{ path, message: 'already used' }],
    });
  }
};

/** Marks a single-use token used (the caller holds its card's row lock). */
export const useToken = async (trx: Executor, token: TokenRow, now = nowIso()): Promise<void> => {
  if (token.expires_after_transaction === 1)
    await trx
      .updateTable('wallet_tokens')
      .set({ used_at: now })
      .where('id', '=', token.id)
      .where('used_at', 'is', null)
      .execute();
};
