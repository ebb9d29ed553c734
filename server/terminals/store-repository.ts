import type { Selectable } from 'kysely';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { parseOptionalJson } from '../shared/json-columns';
import type { StoreInput, StoreView } from './store-schemas';
import type { StoresTable } from './terminals-tables';

export type StoreRow = Selectable<StoresTable>;

export const findStore = (exec: Executor, accountId: string, storeId: string): Promise<StoreRow | undefined> =>
  exec
    .selectFrom('stores')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('store_id', '=', storeId)
    .executeTakeFirst();

export const loadStore = async (
  exec: Executor,
  accountId: string,
  storeId: string,
  path?: string,
): Promise<StoreRow> => {
  const row = await findStore(exec, accountId, storeId);
  if (!row)
    throw new AppError(
      'STORE_NOT_FOUND',
      `Store ${storeId} was not found`,
      path ? { errors: [{ path, message: 'no such store in this account' }] } : {},
    );
  return row;
};

/** The store mapper: `organization` (written from a validated body) parsed once. */
export const readStore = (row: StoreRow): StoreView => {
  const organization = parseOptionalJson<NonNullable<StoreInput['organization']>>(row.organization);
  return {
    id: row.id,
    account_id: row.account_id,
    store_id: row.store_id,
    store_name: row.store_name,
    ...(organization ? { organization } : {}),
    ...(row.payout_destination_id === null
      ? {}
      : { payout_destination: { payout_destination_id: row.payout_destination_id } }),
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
};
