import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import type { Database } from '../db/database';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';

/** What the demo store's merchant endpoints received (table demo_callbacks, migration 0010). */
export type DemoCallbackKind = 'callback' | 'shipping_address' | 'discount_codes';
export type SignatureCheck = 'valid' | 'invalid' | 'missing' | 'unsigned';

export interface DemoCallbacksTable {
  id: string;
  account_id: string;
  kind: DemoCallbackKind;
  session_id: string | null;
  transaction_id: string | null;
  method: string;
  url: string;
  /** `valid` was answered; `unsigned` (the account had no signing secret), `missing` and `invalid` were refused with 401. */
  signature: SignatureCheck;
  /** What the store answered. */
  status: number;
  /** One line for the orders page (the event, the codes, the options offered). */
  summary: string;
  received_at: string;
}

export type DemoCallback = DemoCallbacksTable;

const demoTables = (exec: Executor) => exec.withTables<{ demo_callbacks: DemoCallbacksTable }>();

export const recordDemoCallback = (database: Database, row: Omit<DemoCallback, 'id' | 'received_at'>): Promise<void> =>
  inTransaction(database, async (trx) => {
    await demoTables(trx)
      .insertInto('demo_callbacks')
      .values({ ...row, id: uuid(), received_at: nowIso() })
      .execute();
  });

export const listDemoCallbacks = (
  exec: Executor,
  accountId: string,
  sessionIds: readonly string[],
): Promise<DemoCallback[]> =>
  sessionIds.length === 0
    ? Promise.resolve([])
    : demoTables(exec)
        .selectFrom('demo_callbacks')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('session_id', 'in', sessionIds)
        .orderBy('received_at')
        .orderBy('id')
        .execute();

/** How many shipping address callbacks of this session the store has answered with `status`. */
export const countDemoCallbacks = async (
  exec: Executor,
  accountId: string,
  sessionId: string,
  kind: DemoCallbackKind,
  status: number,
): Promise<number> => {
  const row = await demoTables(exec)
    .selectFrom('demo_callbacks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('session_id', '=', sessionId)
    .where('kind', '=', kind)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
