import { z } from 'zod';
import type { Database, Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';

/** The demo back office's switches (table demo_settings, migration 0028; ADR 029). */
export interface DemoSettingsTable {
  account_id: string;
  /** What the store's callback endpoint answers a correctly signed payment callback. */
  callback_status: number;
  updated_at: string;
}

/** What the store may be told to answer: 200 (received), or 500 to show a failing merchant endpoint. */
export const DEMO_CALLBACK_ANSWERS = [200, 500] as const;
export type DemoCallbackAnswer = (typeof DEMO_CALLBACK_ANSWERS)[number];

/** The back office's form: `answer=500` or `answer=200`. */
export const DemoCallbackAnswerForm = z.object({
  answer: z.enum(['200', '500']).transform((a): DemoCallbackAnswer => (a === '500' ? 500 : 200)),
});

const demoTables = (exec: Executor) => exec.withTables<{ demo_settings: DemoSettingsTable }>();

/** What the store answers a payment callback now (200 until the back office says otherwise). */
export const demoCallbackAnswer = async (exec: Executor, accountId: string): Promise<DemoCallbackAnswer> => {
  const row = await demoTables(exec)
    .selectFrom('demo_settings')
    .select('callback_status')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.callback_status === 500 ? 500 : 200;
};

/** The back office's "Answer callbacks with 500" switch: kept per demo account, for every process. */
export const setDemoCallbackAnswer = (database: Database, accountId: string, status: DemoCallbackAnswer) =>
  inTransaction(database, async (trx) => {
    const updated_at = nowIso();
    await demoTables(trx)
      .insertInto('demo_settings')
      .values({ account_id: accountId, callback_status: status, updated_at })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ callback_status: status, updated_at }))
      .execute();
  });
