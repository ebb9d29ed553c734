import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { buildReturnUrl } from '../../domain/return-url';
import { toSessionRecord } from './session-record';

const ERROR_FOR_STATUS: Record<string, 'authorization' | 'failed' | undefined> = {
  DECLINED: 'authorization',
  FAILED: 'failed',
  UNKNOWN: 'failed',
};

/**
 * `redirect_ref` is the id of a payment attempt (transaction) of the session: the customer is sent
 * to the return URL with that attempt's result. Anything else is 404.
 */
export const redirectSession = async (ctx: AppContext, sessionId: string, redirectRef: string): Promise<string> => {
  const db = ctx.database.db;
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  const session = row && toSessionRecord(row);
  const tx =
    session &&
    (await db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('id', '=', redirectRef)
      .where('session_id', '=', sessionId)
      .executeTakeFirst());
  const returnUrl = session?.url.return_url;
  if (!session || !tx || !returnUrl) throw new AppError('REDIRECT_NOT_FOUND', 'No such redirect for this session');
  const error = ERROR_FOR_STATUS[tx.status];
  return buildReturnUrl(returnUrl, {
    transaction_id: tx.id,
    merchant_reference: session.merchant_reference,
    ...(error ? { error } : {}),
  });
};
