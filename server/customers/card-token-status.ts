import type { Executor } from '../db/database';

/**
 * Whether Kassa deleted the stored card behind `token` (a payment or recurrence token of the
 * account): such a token must not pay any more, whatever the provider still holds. A token Kassa
 * never recorded is not deleted (the provider decides about it).
 */
export const isCardTokenDeleted = async (exec: Executor, accountId: string, token: string): Promise<boolean> => {
  const row = await exec
    .selectFrom('stored_card_tokens')
    .select('token_id')
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('payment_token', '=', token), eb('recurrence_token', '=', token)]))
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
};

/** What a payment with a deleted stored card answers: a decline that must not be retried (DO_NOT_RETRY). */
export const DELETED_TOKEN_DECLINE = {
  outcome: 'DECLINED',
  code: 'token_deleted',
  message: 'The stored card was deleted and cannot be charged',
  retryable: false,
} as const;
