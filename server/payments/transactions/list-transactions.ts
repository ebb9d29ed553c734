import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { dateFilter, Int32Filter, manyParam } from '../../shared/schemas';
import { eventsOfTransactions, readTransaction } from '../store/read-transaction';
import { toTransactionRecord } from '../store/transaction-record';
import type { TransactionView } from './transaction-schemas';
import { TRANSACTION_STATUSES } from '../../../domain/transaction-state';
import { unknownCursor } from '../../shared/paging';

/**
 * Filters of the public API reference that Kassa does not keep the data for: not documented, and refused (400) rather
 * than ignored (the route's `unsupportedQuery`), so a reconciliation job never acts on an unfiltered list it took for a
 * filtered one.
 */
export const UNSUPPORTED_TRANSACTION_FILTERS = [
  'store_id',
  'payout_correlation_id',
  'token_id',
  'terminal_id',
  'channel',
  'customer_id',
] as const;

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
  'created_at.gte': dateFilter('gte').optional(),
  'created_at.lte': dateFilter('lte').optional(),
  /** Transactions with a successful capture (refund) in the range. */
  'captured_at.gte': dateFilter('gte').optional(),
  'captured_at.lte': dateFilter('lte').optional(),
  'refunded_at.gte': dateFilter('gte').optional(),
  'refunded_at.lte': dateFilter('lte').optional(),
  payment_product: manyParam(z.string()),
  currency: manyParam(z.string()),
  payment_operation: z.string().optional(),
  /** The authorized amount, exactly or within a range (minor units). */
  amount: Int32Filter.optional(),
  'amount.gte': Int32Filter.optional(),
  'amount.lte': Int32Filter.optional(),
  /** The transaction's or its session's id, or its merchant_reference or merchant_reference_2, exactly. */
  search: z.string().min(1).max(255).optional(),
  includes: manyParam(z.enum(['events.success.true'])),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(100).optional(),
});
export type ListTransactionsInput = z.infer<typeof ListTransactionsQuery>;

/** Newest first by (created_at, id); `starting_after` is the last id of the previous page. */
export const listTransactions = async (
  ctx: AppContext,
  actor: Actor,
  q: ListTransactionsInput,
): Promise<TransactionView[]> => {
  const db = ctx.database.db;
  let query = db.selectFrom('transactions').selectAll().where('account_id', '=', actor.accountId);
  const ids = [...(q.id ?? []), ...(q.ids ?? [])];
  if (ids.length) query = query.where('id', 'in', ids);
  if (q.status?.length) query = query.where('status', 'in', q.status);
  if (q.payment_product_type?.length) query = query.where('payment_product_type', 'in', q.payment_product_type);
  if (q.card_brand?.length) query = query.where('card_brand', 'in', q.card_brand);
  if (q.session_id?.length) query = query.where('session_id', 'in', q.session_id);
  if (q.payment_product?.length) query = query.where('payment_product', 'in', q.payment_product);
  if (q.currency?.length) query = query.where('currency', 'in', q.currency);
  if (q.payment_operation) query = query.where('payment_operation', '=', q.payment_operation);
  if (q.amount !== undefined) query = query.where('amount', '=', q.amount);
  if (q['amount.gte'] !== undefined) query = query.where('amount', '>=', q['amount.gte']);
  if (q['amount.lte'] !== undefined) query = query.where('amount', '<=', q['amount.lte']);
  const search = q.search;
  if (search)
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', search),
        eb('session_id', '=', search),
        eb('merchant_reference', '=', search),
        eb('merchant_reference_2', '=', search),
      ]),
    );
  if (q.merchant_reference) query = query.where('merchant_reference', '=', q.merchant_reference);
  if (q.merchant_reference_2) query = query.where('merchant_reference_2', '=', q.merchant_reference_2);
  if (q.payout_destination_id) query = query.where('payout_destination_id', '=', q.payout_destination_id);
  if (q['created_at.gte']) query = query.where('created_at', '>=', q['created_at.gte']);
  if (q['created_at.lte']) query = query.where('created_at', '<=', q['created_at.lte']);
  for (const [event, gte, lte] of [
    ['CAPTURE', q['captured_at.gte'], q['captured_at.lte']],
    ['REFUND', q['refunded_at.gte'], q['refunded_at.lte']],
  ] as const) {
    if (!gte && !lte) continue;
    query = query.where((eb) => {
      let events = eb
        .selectFrom('transaction_events as e')
        .select('e.id')
        .whereRef('e.transaction_id', '=', 'transactions.id')
        .where('e.event', '=', event)
        .where('e.success', '=', 1);
      if (gte) events = events.where('e.created_at', '>=', gte);
      if (lte) events = events.where('e.created_at', '<=', lte);
      return eb.exists(events);
    });
  }
  if (q.starting_after) {
    const cursor = await db
      .selectFrom('transactions')
      .select(['created_at', 'id'])
      .where('id', '=', q.starting_after)
      .where('account_id', '=', actor.accountId)
      .executeTakeFirst();
    if (!cursor) throw unknownCursor('transaction');
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.created_at),
        eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  const includes = q.includes ?? [];
  // the page's events in one query, not one per transaction
  const events = await eventsOfTransactions(
    db,
    rows.map((r) => r.id),
    includes.includes('events.success.true'),
  );
  return Promise.all(
    rows.map((row) => readTransaction(db, toTransactionRecord(row), includes, { events: events.get(row.id) ?? [] })),
  );
};
