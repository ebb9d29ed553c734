import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import type { PayableSessions } from '../payable-sessions';
import type { TransactionView } from '../transactions/transaction-schemas';
import { settlementStatus, type SettlementStatus } from '../transactions/settlement-status';
import { toTransactionEventView, type TransactionEventViewRow, type TransactionRecord } from './transaction-record';

/** Reading a transaction as the merchant sees it (GET /v1/transactions/{id}, lists, callbacks' bodies). */
const eventsOfTransaction = compiledOnce((exec, transactionId: string) =>
  exec.selectFrom('transaction_events').selectAll().where('transaction_id', '=', transactionId).orderBy('seq'),
);
/** An event's columns but the stored request headers (the largest), which only `includes=events.request_headers` shows. */
const EVENT_VIEW_COLUMNS = [
  'id',
  'transaction_id',
  'seq',
  'event',
  'success',
  'amount',
  'items',
  'error',
  'created_at',
  'created_by',
  'request_id',
  'details',
  'transaction_status',
] as const;
const eventsWithoutHeaders = compiledOnce((exec, transactionId: string) =>
  exec
    .selectFrom('transaction_events')
    .select(EVENT_VIEW_COLUMNS)
    .where('transaction_id', '=', transactionId)
    .orderBy('seq'),
);

export const TRANSACTION_INCLUDES = [
  'card.payment_token',
  'card.recurrence_token',
  'session',
  'session.events.latest',
  'events.request_headers',
  'events.success.true',
  'initiating_system_request_headers',
] as const;

const SESSION_PARTS: ReadonlySet<string> = new Set([
  'session',
  'session.events.latest',
  'initiating_system_request_headers',
]);

/** `includes=session` (or `session.events.latest`) and `initiating_system_request_headers`: the session's part, from sessions (the port). */
const sessionIncludes = async (
  exec: Executor,
  row: TransactionRecord,
  includes: readonly string[],
  sessions: Pick<PayableSessions, 'includedIn'> | undefined,
) => {
  if (!includes.some((i) => SESSION_PARTS.has(i))) return {};
  if (!sessions) throw new Error(`readTransaction: includes ${includes.join(',')} need the sessions port`);
  return sessions.includedIn(exec, row.session_id, includes);
};

/** Tokens are returned only when asked for with `includes`, never otherwise. */
const cardView = (row: TransactionRecord, includes: readonly string[]) => {
  const card = row.card;
  if (!card) return {};
  return {
    card: {
      ...card,
      ...(includes.includes('card.payment_token') && row.payment_token ? { payment_token: row.payment_token } : {}),
      ...(includes.includes('card.recurrence_token') && row.recurrence_token
        ? { recurrence_token: row.recurrence_token }
        : {}),
    },
  };
};

/** `settlement_status` once something was captured (settlement-status.ts). */
const settled = (row: TransactionRecord): { settlement_status?: SettlementStatus } => {
  const status = settlementStatus(row.captured_amount);
  return status ? { settlement_status: status } : {};
};

/** The events of several transactions in one query (a list page), without stored request headers, in order, by transaction id. */
export const eventsOfTransactions = async (
  exec: Executor,
  ids: readonly string[],
  successOnly: boolean,
): Promise<Map<string, TransactionEventViewRow[]>> => {
  const byId = new Map<string, TransactionEventViewRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  let q = exec.selectFrom('transaction_events').select(EVENT_VIEW_COLUMNS).where('transaction_id', 'in', ids);
  if (successOnly) q = q.where('success', '=', 1);
  for (const e of await q.orderBy('transaction_id').orderBy('seq').execute()) byId.get(e.transaction_id)?.push(e);
  return byId;
};

/**
 * The merchant's view of a transaction; `events`, when given, are its events already read (a list reads a page's in one query);
 * `sessions` (ctx.payableSessions) answers the includes that show the session.
 */
export const readTransaction = async (
  exec: Executor,
  row: TransactionRecord,
  includes: readonly string[] = [],
  opts: { events?: readonly TransactionEventViewRow[]; sessions?: Pick<PayableSessions, 'includedIn'> } = {},
): Promise<TransactionView> => {
  const withHeaders = includes.includes('events.request_headers');
  const read = () =>
    includes.includes('events.success.true')
      ? exec
          .selectFrom('transaction_events')
          .selectAll()
          .where('transaction_id', '=', row.id)
          .where('success', '=', 1)
          .orderBy('seq')
          .execute()
      : withHeaders
        ? eventsOfTransaction(exec, row.id)
        : eventsWithoutHeaders(exec, row.id);
  const events: readonly TransactionEventViewRow[] = opts.events ?? (await read());
  return {
    id: row.id,
    session_id: row.session_id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    merchant_reference: row.merchant_reference,
    ...(row.merchant_reference_2 ? { merchant_reference_2: row.merchant_reference_2 } : {}),
    payment_product: row.payment_product,
    payment_product_type: row.payment_product_type,
    ...cardView(row, includes),
    ...(row.payment_operation ? { payment_operation: row.payment_operation } : {}),
    ...(row.payout_destination_id ? { payout_destination_id: row.payout_destination_id } : {}),
    ...settled(row),
    ...row.data,
    ...(await sessionIncludes(exec, row, includes, opts.sessions)),
    events: events.map((e) => toTransactionEventView(e, withHeaders)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
};
