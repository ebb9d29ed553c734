import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { manyParam } from '../shared/schemas';
import { readTransaction } from './transaction-repository';
import { toTransactionRecord } from './transaction-record';
import type { TransactionView } from './transaction-schemas';
import { TRANSACTION_STATUSES } from './transaction-state';

/** ISO 8601 date or date-time; no offset means UTC. A date-only upper bound includes that whole day. */
const isDateOnly = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);
const instant = (value: string): number =>
  Date.parse(isDateOnly(value) ? `${value}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
const DateBound = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO 8601 date or date-time')
  .refine((value) => !Number.isNaN(instant(value)), 'is not a valid date or time');
const toUtc = (value: string, upper: boolean): string => new Date(instant(value) + (isDateOnly(value) && upper ? 86_400_000 - 1 : 0)).toISOString();

export const ListTransactionsQuery = z.object({
  id: manyParam(z.string()),
  ids: manyParam(z.string()),
  status: manyParam(z.enum(TRANSACTION_STATUSES)),
  payment_product_type: manyParam(z.string()),
  card_brand: manyParam(z.string()),
  session_id: manyParam(z.string()),
  merchant_reference: z.string().optional(),
  merchant_reference_2: z.string().optional(),
  payout_destination_id: z.string().optional(),
  'created_at.gte': DateBound.optional(),
  'created_at.lte': DateBound.optional(),
  includes: manyParam(z.enum(['events.success.true'])),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
});
export type ListTransactionsInput = z.infer<typeof ListTransactionsQuery>;

/** Newest first by (created_at, id); `starting_after` is the last id of the previous page. */
export const listTransactions = async (ctx: AppContext, actor: Actor, q: ListTransactionsInput): Promise<TransactionView[]> => {
  const db = ctx.database.db;
  let query = db.selectFrom('transactions').selectAll().where('account_id', '=', actor.accountId);
  const ids = [...(q.id ?? []), ...(q.ids ?? [])];
  if (ids.length) query = query.where('id', 'in', ids);
  if (q.status?.length) query = query.where('status', 'in', q.status);
  if (q.payment_product_type?.length) query = query.where('payment_product_type', 'in', q.payment_product_type);
  if (q.card_brand?.length) query = query.where('card_brand', 'in', q.card_brand);
  if (q.session_id?.length) query = query.where('session_id', 'in', q.session_id);
  if (q.merchant_reference) query = query.where('merchant_reference', '=', q.merchant_reference);
  if (q.merchant_reference_2) query = query.where('merchant_reference_2', '=', q.merchant_reference_2);
  if (q.payout_destination_id) query = query.where('payout_destination_id', '=', q.payout_destination_id);
  if (q['created_at.gte']) query = query.where('created_at', '>=', toUtc(q['created_at.gte'], false));
  if (q['created_at.lte']) query = query.where('created_at', '<=', toUtc(q['created_at.lte'], true));
  if (q.starting_after) {
    const cursor = await db.selectFrom('transactions').select(['created_at', 'id']).where('id', '=', q.starting_after).where('account_id', '=', actor.accountId).executeTakeFirst();
    if (!cursor) throw new AppError('INVALID_REQUEST', 'starting_after is not a transaction of this account', { errors: [{ path: 'query.starting_after', message: 'unknown transaction' }] });
    query = query.where((eb) => eb.or([eb('created_at', '<', cursor.created_at), eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  return Promise.all(rows.map((row) => readTransaction(db, toTransactionRecord(row), q.includes ?? [])));
};
