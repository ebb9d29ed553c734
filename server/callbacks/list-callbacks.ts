import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { readCallbacks, type CallbackView } from './callback-view';
import { unknownCursor } from '../shared/paging';

export const ListCallbacksQuery = z.object({
  session_id: z.string().max(100).optional(),
  transaction_id: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
});
export type ListCallbacksInput = z.infer<typeof ListCallbacksQuery>;

/**
 * The account's callback delivery log, newest first by (created_at, id); `starting_after` is the
 * last id of the previous page. Each callback carries every attempt.
 */
export const listCallbacks = async (ctx: AppContext, actor: Actor, q: ListCallbacksInput): Promise<CallbackView[]> => {
  const db = ctx.database.db;
  let query = db.selectFrom('outbox').selectAll().where('account_id', '=', actor.accountId);
  if (q.session_id) query = query.where('session_id', '=', q.session_id);
  if (q.transaction_id) query = query.where('transaction_id', '=', q.transaction_id);
  if (q.starting_after) {
    const cursor = await db
      .selectFrom('outbox')
      .select(['created_at', 'id'])
      .where('id', '=', q.starting_after)
      .where('account_id', '=', actor.accountId)
      .executeTakeFirst();
    if (!cursor) throw unknownCursor('callback');
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.created_at),
        eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  return readCallbacks(db, rows);
};
