import type { Executor } from '../db/database';
import { nowIso } from '../shared/clock';

/** The sessions the demo store created (table demo_orders, migration 0020; ADR 029). */
export interface DemoOrdersTable {
  session_id: string;
  account_id: string;
  created_at: string;
}

const demoTables = (exec: Executor) => exec.withTables<{ demo_orders: DemoOrdersTable }>();

/** Written in the transaction that inserts the session, so every demo session is recorded and nothing else is. */
export const recordDemoOrder = async (trx: Executor, accountId: string, sessionId: string): Promise<void> => {
  await demoTables(trx)
    .insertInto('demo_orders')
    .values({ session_id: sessionId, account_id: accountId, created_at: nowIso() })
    .execute();
};

/** The demo's own sessions of `accountId`, newest first. */
export const demoOrderSessionIds = async (exec: Executor, accountId: string, limit: number): Promise<string[]> =>
  (
    await demoTables(exec)
      .selectFrom('demo_orders')
      .select('session_id')
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('session_id', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => r.session_id);

/** Whether the demo created `sessionId` for `accountId`. */
export const isDemoOrder = async (exec: Executor, accountId: string, sessionId: string): Promise<boolean> =>
  Boolean(
    await demoTables(exec)
      .selectFrom('demo_orders')
      .select('session_id')
      .where('session_id', '=', sessionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
  );
