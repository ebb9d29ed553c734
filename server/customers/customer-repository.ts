import type { Selectable } from 'kysely';
import type { Database, Executor } from '../db/database';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { parseJson, toJson } from '../shared/json-columns';
import type { CustomersTable } from './customers-tables';
import type { CustomerData, CustomerType, CustomerView } from './customer-schemas';

export type CustomerRow = Selectable<CustomersTable>;

/** A customer's state: what is stored in its columns and `data`. */
export interface CustomerState {
  customer_id: string;
  type: CustomerType;
  data: CustomerData;
}

export const customerNotFound = (customerId: string) =>
  new AppError('CUSTOMER_NOT_FOUND', `Customer ${customerId} was not found`);

/** The customer (not deleted) of the account; with `lock`, its row is locked for the caller's transaction. */
export const loadCustomer = async (
  exec: Executor,
  accountId: string,
  customerId: string,
  lock?: Database,
): Promise<CustomerRow> => {
  const q = exec
    .selectFrom('customers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null);
  const row = await (lock ? forUpdate(lock, q) : q).executeTakeFirst();
  if (!row) throw customerNotFound(customerId);
  return row;
};

/** The customer mapper: `data` (written by `customerColumns` from validated input) parsed once. */
export const readCustomer = (row: CustomerRow): CustomerView => ({
  id: row.id,
  customer_id: row.customer_id,
  type: row.type,
  ...parseJson<CustomerData>(row.data),
  created_at: row.created_at,
  created_by: row.created_by,
  updated_at: row.updated_at,
  ...(row.deleted_at ? { deleted_at: row.deleted_at } : {}),
  ...(row.deleted_by ? { deleted_by: row.deleted_by } : {}),
});

export const stateOf = (row: CustomerRow): CustomerState => ({
  customer_id: row.customer_id,
  type: row.type,
  data: parseJson<CustomerData>(row.data),
});

const lower = (s: string | null | undefined): string | undefined => (s ? s.toLocaleLowerCase('en-US') : undefined);

/**
 * The prefixes a search matches, lower-cased here (not by the engine, whose lower() differs), each
 * after a line feed: first name, last name, "first last", company name, phone (with and without +),
 * customer_id, email.
 */
export const searchKeys = ({ customer_id, data }: CustomerState): string => {
  const fullName = [data.first_name, data.last_name].filter(Boolean).join(' ');
  const phone = data.phone_number ?? undefined;
  const keys = [
    data.first_name,
    data.last_name,
    fullName,
    data.company?.bussiness_name,
    phone,
    phone?.replace(/^\+/, ''),
    customer_id,
    data.email,
  ]
    .map(lower)
    .filter((k): k is string => !!k);
  return [...new Set(keys)].map((k) => `\n${k}`).join('');
};

/** The columns a customer's state is stored in. */
export const customerColumns = (state: CustomerState) => ({
  type: state.type,
  email_lower: lower(state.data.email) ?? null,
  phone_number: state.data.phone_number ?? null,
  search_keys: searchKeys(state),
  data: toJson(state.data),
});

export const lowerEmail = (email: string): string => lower(email)!;

/** `like` pattern for a prefix of one search key: % _ and \ in the prefix match themselves. */
export const prefixPattern = (prefix: string): string => `%\n${lower(prefix)!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Metadata after an update: a key set to null is removed; `null` clears all. */
export const mergeMetadata = (
  current: Record<string, unknown> | undefined,
  patch: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined => {
  if (patch === undefined) return current;
  if (patch === null) return undefined;
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return Object.keys(merged).length ? merged : undefined;
};

/** A unique index refused the write (another request took the customer_id or email first). */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

export const duplicateCustomer = (message: string, path: string) =>
  new AppError('CUSTOMER_ALREADY_EXISTS', message, { errors: [{ path, message: 'already exists' }] });

/** A write that lost a race on a unique index is the same 409 as one the checks caught. */
export const duplicatesAs409 = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e))
      throw duplicateCustomer(
        'A customer with this customer_id, or of this type with this email, already exists',
        'customer_id',
      );
    throw e;
  }
};
