import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { dateFilter } from '../shared/schemas';
import { includesParam, type SessionView } from './session-schemas';
import { latestSessionEvent, toSessionView } from './session-repository';
import { toSessionRecord } from './session-record';

export const ListSessionsQuery = z.object({
  search: z.string().min(1).max(255).optional(),
  transaction_id: z.string().max(100).optional(),
  merchant_reference: z.string().max(255).optional(),
  'created_at.gte': dateFilter('gte').optional(),
  'created_at.lte': dateFilter('lte').optional(),
  /** The plugin that created the session (its `Kassa-System-Plugin-Name` / `Dintero-System-Plugin-Name` header). */
  system_plugin_name: z.string().min(1).max(255).optional(),
  includes: includesParam(['events.latest']),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
});
export type ListSessionsInput = z.infer<typeof ListSessionsQuery>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Newest first, ordered by (created_at, id) so pages never overlap or skip while sessions are
 * being created: `starting_after` is the last id of the previous page, and the next page starts
 * strictly after its (created_at, id).
 */
export const listSessions = async (ctx: AppContext, actor: Actor, q: ListSessionsInput): Promise<SessionView[]> => {
  const db = ctx.database.db;
  let query = db.selectFrom('sessions').selectAll().where('account_id', '=', actor.accountId);
  if (q.merchant_reference) query = query.where('merchant_reference', '=', q.merchant_reference);
  if (q.transaction_id) query = query.where('transaction_id', '=', q.transaction_id);
  if (q['created_at.gte']) query = query.where('created_at', '>=', q['created_at.gte']);
  if (q['created_at.lte']) query = query.where('created_at', '<=', q['created_at.lte']);
  if (q.system_plugin_name) query = query.where('system_plugin_name', '=', q.system_plugin_name);
  if (q.search) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    const match = (column: string) => sql`lower(${sql.ref(column)}) like ${like} escape '\\'`;
    query = query.where(
      sql<boolean>`(${match('merchant_reference')} or ${match('merchant_reference_2')} or ${match('customer_name')})`,
    );
  }
  if (q.starting_after) {
    const cursor = await db
      .selectFrom('sessions')
      .select(['created_at', 'id'])
      .where('id', '=', q.starting_after)
      .where('account_id', '=', actor.accountId)
      .executeTakeFirst();
    if (!cursor)
      throw new AppError('INVALID_REQUEST', 'starting_after is not a session of this account', {
        errors: [{ path: 'query.starting_after', message: 'unknown session' }],
      });
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.created_at),
        eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  // A list shows no events, or with `includes=events.latest` only the newest: nothing more is read.
  const latestOnly = q.includes?.includes('events.latest');
  return Promise.all(
    rows.map(async (row) =>
      toSessionView(toSessionRecord(row), latestOnly ? await latestSessionEvent(db, row.id) : []),
    ),
  );
};
