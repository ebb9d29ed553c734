import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';

export interface SmsMessage {
  id: string;
  session_id: string;
  phone_number: string;
  message: string;
  created_at: string;
}

/** The SMS sink of the caller's account, newest first (optionally one session's). */
export const listSmsMessages = async (
  ctx: AppContext,
  actor: Actor,
  query: { session_id?: string | undefined; limit: number },
): Promise<SmsMessage[]> => {
  let q = ctx.database.db
    .selectFrom('sms_outbox')
    .select(['id', 'session_id', 'phone_number', 'message', 'created_at'])
    .where('account_id', '=', actor.accountId);
  if (query.session_id) q = q.where('session_id', '=', query.session_id);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(query.limit).execute();
};
