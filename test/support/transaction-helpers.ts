import { expect } from 'vitest';
import { stateOf } from '../../server/payments/store/transaction-repository';
import { toTransactionRecord } from '../../server/payments/store/transaction-record';
import { APPROVE_CARD, type ApiClient, card, payBody, sessionBody } from './api-client';
import type { TestServer } from './test-server';

/** Shared by the transaction tests: make transactions through the API and read what the database holds. */

export const reference = (prefix = 'ref') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const ITEMS = [
  { line_id: '1', description: 'Widget', quantity: 2, amount: 6000, vat_amount: 1200 },
  { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000, vat_amount: 800 },
];

export const cardPay = (number: string) => payBody(card(number));

export interface CardTransactionOptions {
  amount?: number;
  /** Order lines; `null` for an order without items. Default: two lines summing to the amount 10000. */
  items?: Record<string, unknown>[] | null;
  order?: Record<string, unknown>;
  configuration?: Record<string, unknown>;
  url?: Record<string, unknown>;
  card?: string;
}

/** A customer pays a hosted session with a card; returns the ids and the pay response. */
export const cardTransaction = async (api: ApiClient, customer: ApiClient, opts: CardTransactionOptions = {}) => {
  const amount = opts.amount ?? 10000;
  const items =
    opts.items === null
      ? undefined
      : (opts.items ?? (amount === 10000 ? ITEMS : [{ line_id: '1', description: 'Thing', quantity: 1, amount }]));
  const { items: _omitted, ...base } = sessionBody().order;
  const order = { ...base, amount, ...(items ? { items } : {}), ...opts.order };
  const created = await api.post('/v1/sessions', {
    url: { return_url: 'https://merchant.example/return', ...opts.url },
    order,
    ...(opts.configuration ? { configuration: opts.configuration } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await customer.post(
    `/v1/sessions/${created.body.id}/pay`,
    cardPay(opts.card ?? APPROVE_CARD.number.replace(/ /g, '')),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return {
    sessionId: created.body.id as string,
    transactionId: paid.body.transaction_id as string,
    pay: paid.body,
    order,
  };
};

/** A merchant-initiated sandbox invoice (item-based): POST /v1/sessions/pay. */
export const invoiceTransaction = async (
  api: ApiClient,
  opts: { items?: { line_id: string; amount: number; [k: string]: unknown }[]; order?: Record<string, unknown> } = {},
) => {
  const items = opts.items ?? ITEMS;
  const order = {
    amount: items.reduce((s, i) => s + i.amount, 0),
    currency: 'NOK',
    merchant_reference: reference('inv'),
    items,
    ...opts.order,
  };
  const res = await api.post('/v1/sessions/pay', {
    session: { order, customer: { first_name: 'Kari', last_name: 'Nordmann' }, payment_operation: 'invoice_purchase' },
    payment: { payment_product_type: 'sandbox.invoice' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ status: 'AUTHORIZED', payment_product_type: 'sandbox.invoice' });
  return { sessionId: res.body.session_id as string, transactionId: res.body.id as string, order };
};

/** The stored row and every event: what a rejected request must leave exactly as it was. */
export const snapshot = async (srv: TestServer, api: ApiClient, transactionId: string) => {
  const row = await srv.kassa.ctx.database.db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const view = await api.get(`/v1/transactions/${transactionId}`);
  expect(view.status).toBe(200);
  return { row, view: view.body };
};

type Answer = { status: number; body: any };

/** `expect(id, send, status, code)`: the request is refused, and the stored row (version included) and the event log stay exactly as they were. */
export const refusedWithoutChange =
  (srv: TestServer, api: ApiClient) =>
  async (id: string, send: () => Promise<Answer>, status: number, code: string) => {
    const before = await snapshot(srv, api, id);
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
    expect(await snapshot(srv, api, id)).toEqual(before);
    return res;
  };

/** Operation items by line: `lineItems(['1', 6000], ['2', 4000])`. */
export const lineItems = (...lines: [lineId: string, amount: number][]) =>
  lines.map(([line_id, amount]) => ({ line_id, amount }));

/** The money of a transaction (not version and updated_at, which a released reservation bumps). */
export const money = async (srv: TestServer, transactionId: string) => {
  const r = await srv.kassa.ctx.database.db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return {
    status: r.status,
    amount: r.amount,
    captured: r.captured_amount,
    refunded: r.refunded_amount,
    voided: r.voided_amount,
    pendingCapture: r.pending_capture,
    pendingRefund: r.pending_refund,
    pendingVoid: r.pending_void,
    // Per line as the state machine sees it (a row that never had an itemized operation keeps the order's lines).
    lines: stateOf(toTransactionRecord(r)).lines,
    finalCaptured: r.final_captured,
    finalAuthorization: r.final_authorization,
  };
};

export type TxEvent = { event: string; success: boolean; amount?: number; [k: string]: any };
export const eventsOf = async (api: ApiClient, transactionId: string): Promise<TxEvent[]> =>
  (await api.get(`/v1/transactions/${transactionId}`)).body.events;
export const eventNames = async (api: ApiClient, transactionId: string) =>
  (await eventsOf(api, transactionId)).map((e) => e.event);

/** PUT /v1/admin/gateways/sandbox for the test account. */
export const setGateway = async (
  api: ApiClient,
  sandbox: { unavailable?: boolean; async_operations?: boolean; async_delay_ms?: number; silent?: boolean },
) => {
  const res = await api.request('PUT', '/v1/admin/gateways/sandbox', { configuration: { sandbox } });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
};
