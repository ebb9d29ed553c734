import { minorUnits } from '../../../domain/money';
import { capturable, refundable, type Amounts, type TransactionStatus } from '../../../domain/transaction-state';
import type { OrderItem, Transaction, TransactionEvent } from './payment-types';

/** Statuses in which the authorization holds money (domain/transaction-state.ts: the money states, and ON_HOLD). */
const HOLDS_MONEY: ReadonlySet<TransactionStatus> = new Set([
  'AUTHORIZED',
  'CAPTURED',
  'PARTIALLY_CAPTURED',
  'PARTIALLY_CAPTURED_REFUNDED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'AUTHORIZATION_VOIDED',
  'ON_HOLD',
]);

const OPERATIONS = ['CAPTURE', 'REFUND', 'VOID'] as const;
type Operation = (typeof OPERATIONS)[number];
const isOperation = (name: string): name is Operation => (OPERATIONS as readonly string[]).includes(name);

export interface TransactionAmounts extends Amounts {
  leftToCapture: number;
  leftToRefund: number;
  /** What a void would release: all that is left of the authorization (ON_HOLD too). */
  leftToVoid: number;
}

/** INITIATE_* events (202: accepted for later) that no later event completed or failed yet. */
const pendingEvents = (events: readonly TransactionEvent[]): TransactionEvent[] => {
  const completed = new Set(events.map((e) => e.initiate_request_id).filter(Boolean));
  return events.filter(
    (e) => e.event.startsWith('INITIATE_') && e.success && !completed.has(e.event_request_id ?? e.id),
  );
};

/**
 * A transaction's money as the API's events tell it: every successful CAPTURE, REFUND and VOID moved its
 * amount; an INITIATE_* without its completing event is in flight. What is left follows the state
 * machine's own rules (capturable, refundable).
 */
export const amountsOf = (tx: Pick<Transaction, 'status' | 'amount' | 'events'>): TransactionAmounts => {
  const sums: Record<Operation, number> = { CAPTURE: 0, REFUND: 0, VOID: 0 };
  const pending: Record<Operation, number> = { CAPTURE: 0, REFUND: 0, VOID: 0 };
  for (const e of tx.events)
    if (e.success && isOperation(e.event) && typeof e.amount === 'number') sums[e.event] += e.amount;
  for (const e of pendingEvents(tx.events)) {
    const op = e.event.slice('INITIATE_'.length);
    if (isOperation(op) && typeof e.amount === 'number') pending[op] += e.amount;
  }
  const amounts: Amounts = {
    authorized: minorUnits(HOLDS_MONEY.has(tx.status) ? tx.amount : 0),
    captured: minorUnits(sums.CAPTURE),
    refunded: minorUnits(sums.REFUND),
    voided: minorUnits(sums.VOID),
    pendingCapture: minorUnits(pending.CAPTURE),
    pendingRefund: minorUnits(pending.REFUND),
    pendingVoid: minorUnits(pending.VOID),
  };
  return {
    ...amounts,
    leftToCapture: tx.status === 'ON_HOLD' ? 0 : capturable(amounts),
    leftToRefund: refundable(amounts),
    leftToVoid: capturable(amounts),
  };
};

export interface LineLeft {
  item: OrderItem;
  captured: number;
  refunded: number;
  /** Units earlier captures (refunds) named; undefined when none named any. */
  capturedQuantity?: number;
  refundedQuantity?: number;
  leftToCapture: number;
  leftToRefund: number;
}

/** Per order line: what itemized captures and refunds took of it (settled or in flight), and what is left. */
export const linesOf = (tx: Pick<Transaction, 'items' | 'events'>): LineLeft[] => {
  const pending = new Set(pendingEvents(tx.events).map((e) => e.id));
  const moved = (item: OrderItem, op: Operation) => {
    let amount = 0;
    let quantity: number | undefined;
    for (const e of tx.events) {
      const counts = e.success && (e.event === op || (e.event === `INITIATE_${op}` && pending.has(e.id)));
      if (!counts) continue;
      for (const part of e.items ?? []) {
        if (part.line_id !== item.line_id) continue;
        if (typeof part.amount === 'number') amount += part.amount;
        if (typeof part.quantity === 'number') quantity = (quantity ?? 0) + part.quantity;
      }
    }
    return { amount, quantity };
  };
  return (tx.items ?? []).map((item) => {
    const captured = moved(item, 'CAPTURE');
    const refunded = moved(item, 'REFUND');
    return {
      item,
      captured: captured.amount,
      refunded: refunded.amount,
      ...(captured.quantity === undefined ? {} : { capturedQuantity: captured.quantity }),
      ...(refunded.quantity === undefined ? {} : { refundedQuantity: refunded.quantity }),
      leftToCapture: Math.max(0, item.amount - captured.amount),
      leftToRefund: Math.max(0, captured.amount - refunded.amount),
    };
  });
};

/** The `items` of an operation that takes what is left of each chosen line (with its units, when the line has a quantity). */
export const operationItems = (lines: readonly LineLeft[], op: 'CAPTURE' | 'REFUND') =>
  lines.map((l) => {
    const amount = op === 'CAPTURE' ? l.leftToCapture : l.leftToRefund;
    const units =
      l.item.quantity === undefined
        ? undefined
        : op === 'CAPTURE'
          ? l.item.quantity - (l.capturedQuantity ?? 0)
          : (l.capturedQuantity ?? l.item.quantity) - (l.refundedQuantity ?? 0);
    return { line_id: l.item.line_id, amount, ...(units !== undefined && units > 0 ? { quantity: units } : {}) };
  });
