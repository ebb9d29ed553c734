import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import { joinedRows, splitRows } from '../../db/joined-rows';
import { AppError } from '../../errors/app-error';
import { toTransactionEventView, type TransactionEventViewRow } from '../store/transaction-record';
import { settlementStatus } from './settlement-status';
import { minorUnits } from '../../../domain/money';
import type { TransactionStatusColumn } from '../../db/schema';

/**
 * `GET /v1/transactions/{id}` without includes, the second-hottest read, as JSON text from the
 * stored columns in one statement (as the session view, session-view-json.ts): the JSON columns
 * Kassa wrote with `JSON.stringify` (card, data, an event's items and error) are spliced in as
 * they are. The text is exactly `JSON.stringify(readTransaction(...))` (checked over generated
 * transactions in test/integration/transaction-view-json.test.ts); with includes, the general
 * mapper answers.
 *
 * `data`'s keys (TransactionData: items, url, channel, ...) are spread into the view after the
 * transaction's own and never share a name with them, so its text is spliced without its braces.
 * An event with `details` (flattened into the event, filtered) or an `error` (its public shape is
 * derived) is mapped by `toTransactionEventView`; the others are written here.
 */
const EVENT_FIELDS = [
  'e.id',
  'e.event',
  'cast(e.success as text)',
  "coalesce(cast(e.amount as text), '')",
  "coalesce(e.items, '')",
  "coalesce(e.error, '')",
  'e.created_at',
  'e.created_by',
  "coalesce(e.request_id, '')",
  "coalesce(e.details, '')",
  "coalesce(e.transaction_status, '')",
];

const viewRow = compiledOnce((exec, id: string, accountId: string) =>
  exec
    .selectFrom('transactions')
    .select([
      'id',
      'session_id',
      'status',
      'amount',
      'currency',
      'merchant_reference',
      'merchant_reference_2',
      'payment_product',
      'payment_product_type',
      'card',
      'payment_operation',
      'payout_destination_id',
      'captured_amount',
      'data',
      'created_at',
      'updated_at',
    ])
    .select(joinedRows('transaction_events', 'transaction_id', 'transactions', EVENT_FIELDS).as('events_text'))
    .where('id', '=', id)
    .where('account_id', '=', accountId),
);

const str = JSON.stringify;
const field = (key: string, value: string): string => `,"${key}":${value}`;

/** One event's JSON from its fields. */
const eventJson = (f: string[], transactionId: string): string => {
  const [id, event, success, amount, items, error, createdAt, createdBy, requestId, details, status] = f as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (details || error) {
    const row: TransactionEventViewRow = {
      id,
      transaction_id: transactionId,
      seq: 0,
      event,
      success: Number(success),
      amount: amount === '' ? null : Number(amount),
      items: items || null,
      error: error || null,
      created_at: createdAt,
      created_by: createdBy,
      request_id: requestId || null,
      details: details || null,
      transaction_status: (status || null) as TransactionStatusColumn | null,
    };
    return str(toTransactionEventView(row, false));
  }
  return (
    `{"id":${str(id)},"event":${str(event)},"success":${success === '1' ? 'true' : 'false'}` +
    (amount === '' ? '' : field('amount', amount)) +
    (items ? field('items', items) : '') +
    `,"created_at":${str(createdAt)},"created_by":${str(createdBy)}` +
    (requestId ? field('request_id', str(requestId)) : '') +
    (status ? field('transaction_status', str(status)) : '') +
    '}'
  );
};

/** The merchant's view of a transaction of `accountId` as JSON text; undefined when only the general mapper can write it. */
export const readTransactionJson = async (
  exec: Executor,
  id: string,
  accountId: string,
): Promise<string | undefined> => {
  const [row] = await viewRow(exec, id, accountId);
  if (!row) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${id} was not found`);
  const events = splitRows(row.events_text, EVENT_FIELDS.length)?.map((f) => eventJson(f, row.id));
  if (!events) return undefined; // a separator inside a field after all
  const data = row.data.startsWith('{') && row.data.length > 2 ? `,${row.data.slice(1, -1)}` : ''; // `{…}` without its braces; `{}` (or a stored null) adds nothing
  return (
    `{"id":${str(row.id)},"session_id":${str(row.session_id)},"status":${str(row.status)},"amount":${str(row.amount)},"currency":${str(row.currency)},"merchant_reference":${str(row.merchant_reference)}` +
    (row.merchant_reference_2 ? field('merchant_reference_2', str(row.merchant_reference_2)) : '') +
    field('payment_product', str(row.payment_product)) +
    field('payment_product_type', str(row.payment_product_type)) +
    (row.card != null && row.card !== 'null' ? field('card', row.card) : '') +
    (row.payment_operation ? field('payment_operation', str(row.payment_operation)) : '') +
    (row.payout_destination_id ? field('payout_destination_id', str(row.payout_destination_id)) : '') +
    (row.captured_amount > 0
      ? field('settlement_status', str(settlementStatus(minorUnits(row.captured_amount))))
      : '') +
    data +
    `,"events":[${events.join(',')}],"created_at":${str(row.created_at)},"updated_at":${str(row.updated_at)}}`
  );
};
