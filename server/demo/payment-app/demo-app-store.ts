import type { Executor } from '../../db/database';

/** What the reference app keeps (table demo_payment_app, migration 0024). */
export interface DemoPaymentAppTable {
  /** The transaction id (kind `authorize`) or the operation id (capture, refund, void). */
  id: string;
  account_id: string;
  kind: 'authorize' | 'capture' | 'refund' | 'void';
  amount: number;
  currency: string;
  /** authorize: approved, declined or awaiting (the shopper on the page); operations: done, pending or (accepted, then not done) failed. */
  result: 'approved' | 'declined' | 'awaiting' | 'done' | 'pending' | 'failed';
  /** The page's unguessable address (authorize, customer action only). */
  page_token: string | null;
  /** Kassa's return URL, where the page sends the shopper when they decided. */
  return_url: string | null;
  /** A pending operation is done from then on. */
  complete_after: string | null;
  created_at: string;
}

export type DemoAppRecord = DemoPaymentAppTable;

export const demoAppTable = (exec: Executor) => exec.withTables<{ demo_payment_app: DemoPaymentAppTable }>();

export const findDemoAppRecord = (exec: Executor, accountId: string, id: string): Promise<DemoAppRecord | undefined> =>
  demoAppTable(exec)
    .selectFrom('demo_payment_app')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** Inserts `row` unless its id is known; answers the row that stands (a repeated request gets the first answer). */
export const keepDemoAppRecord = async (exec: Executor, row: DemoAppRecord): Promise<DemoAppRecord> => {
  await demoAppTable(exec)
    .insertInto('demo_payment_app')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await findDemoAppRecord(exec, row.account_id, row.id)) ?? row;
};
