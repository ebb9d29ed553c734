import { addMinor, remainingMinor, subtractMinor, sumMinor, ZERO_MINOR, type MinorUnits } from './money';

/**
 * The pure transaction state machine. Use cases load the row, ask `decide` what an operation may
 * do, reserve it, call the provider, then `complete` (or `release`) it; no I/O here.
 */
export const TRANSACTION_STATUSES = [
  'INITIATED',
  'AUTHORIZED',
  'AUTHORIZATION_VOIDED',
  'CAPTURED',
  'PARTIALLY_CAPTURED',
  'PARTIALLY_CAPTURED_REFUNDED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'DECLINED',
  'FAILED',
  'UNKNOWN',
  'ON_HOLD',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A transaction's money, all in the currency's minor units (domain/money.ts). */
export interface Amounts {
  authorized: MinorUnits;
  captured: MinorUnits;
  refunded: MinorUnits;
  voided: MinorUnits;
  pendingCapture: MinorUnits;
  pendingRefund: MinorUnits;
  pendingVoid: MinorUnits;
}

/** Per order line: what was captured and refunded (only lines named by itemized operations). */
export interface LineAmounts {
  authorized: MinorUnits;
  captured: MinorUnits;
  refunded: MinorUnits;
  pendingCapture: MinorUnits;
  pendingRefund: MinorUnits;
  /** The order line's quantity (from the order's item; absent when it named none). */
  quantity?: number;
  /** Units that captures and refunds named (`items[].quantity`), settled and in flight. */
  capturedQuantity?: number;
  refundedQuantity?: number;
  pendingCaptureQuantity?: number;
  pendingRefundQuantity?: number;
}
export type Lines = Record<string, LineAmounts>;

export interface TxState {
  status: TransactionStatus;
  amounts: Amounts;
  lines: Lines;
  /** A final capture was made: nothing more can be captured. */
  finalCaptured: boolean;
  /** The product type can void what is left after a partial capture. */
  supportsPartialVoid: boolean;
  /** The product type needs `items` on capture and refund. */
  itemBased: boolean;
}

export type Operation = 'CAPTURE' | 'REFUND' | 'VOID';
export interface LineAmount {
  line_id: string;
  amount: MinorUnits;
  /** Units of the line the operation covers, as the merchant sent it (recorded on the event). */
  quantity?: number;
}
export interface OperationRequest {
  op: Operation;
  amount: MinorUnits;
  items?: LineAmount[];
  finalCapture?: boolean;
}

/** What step 1 holds back until the provider answers. */
export interface Reservation {
  op: Operation;
  amount: MinorUnits;
  lines: Record<string, MinorUnits>;
  finalCapture: boolean;
  /** Per line: the `quantity` the request's items named (only lines that named one). */
  quantities?: Record<string, number>;
}

export type RefusalCode =
  | 'TRANSACTION_NOT_CAPTURABLE'
  | 'TRANSACTION_NOT_REFUNDABLE'
  | 'TRANSACTION_NOT_VOIDABLE'
  | 'AMOUNT_EXCEEDS_AUTHORIZED'
  | 'AMOUNT_EXCEEDS_CAPTURED'
  | 'OPERATION_IN_PROGRESS'
  | 'ITEMS_REQUIRED'
  | 'INVALID_ITEMS';
export type Decision = { ok: true; reservation: Reservation } | { ok: false; code: RefusalCode; message: string };

const refuse = (code: RefusalCode, message: string): Decision => ({ ok: false, code, message });

/** Only authorized (and later) transactions accept money operations. */
const MONEY_STATES: ReadonlySet<TransactionStatus> = new Set([
  'AUTHORIZED',
  'CAPTURED',
  'PARTIALLY_CAPTURED',
  'PARTIALLY_CAPTURED_REFUNDED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'AUTHORIZATION_VOIDED',
]);

/** What is left to capture (or void): zero when nothing is. */
export const capturable = (a: Amounts): MinorUnits =>
  remainingMinor(a.authorized, a.captured, a.voided, a.pendingCapture, a.pendingVoid);
export const refundable = (a: Amounts): MinorUnits => remainingMinor(a.captured, a.refunded, a.pendingRefund);

/** The status always follows from the amounts once a transaction is authorized. */
export const statusFromAmounts = (a: Amounts): TransactionStatus => {
  if (a.captured === 0) return a.voided > 0 ? 'AUTHORIZATION_VOIDED' : 'AUTHORIZED';
  const settled = addMinor(a.captured, a.voided) >= a.authorized; // nothing left to capture
  if (a.refunded === 0) return settled ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
  // REFUNDED only once nothing is left to capture: a refunded part capture can still be captured.
  if (!settled) return 'PARTIALLY_CAPTURED_REFUNDED';
  return a.refunded === a.captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
};

/** The line `lineId` names: own properties only (the merchant's line ids may be `constructor` or `__proto__`). */
export const lineOf = (lines: Lines, lineId: string): LineAmounts | undefined =>
  Object.hasOwn(lines, lineId) ? lines[lineId] : undefined;

/** Quantities may be decimal (1.5 kg): sums of them are compared with this much slack. */
const QUANTITY_TOLERANCE = 1e-9;

/**
 * The units of a line a capture (or refund) may still name: the line's quantity less what earlier
 * captures (refunds) named, settled or in flight. Undefined when the order line named no quantity.
 */
const quantityLeft = (line: LineAmounts, op: Operation): number | undefined => {
  if (line.quantity === undefined) return undefined;
  const used =
    op === 'CAPTURE'
      ? (line.capturedQuantity ?? 0) + (line.pendingCaptureQuantity ?? 0)
      : (line.refundedQuantity ?? 0) + (line.pendingRefundQuantity ?? 0);
  return Math.max(0, line.quantity - used);
};

/**
 * "Items add up": the items an operation names sum to its amount (capture, refund, an authorization
 * update, an automatic capture by order line). The refusal's message, or undefined when they do.
 */
export const itemsSumMismatch = (items: readonly { amount: MinorUnits }[], amount: MinorUnits): string | undefined => {
  const sum = sumMinor(items.map((i) => i.amount));
  return sum === amount ? undefined : `The items sum to ${sum}, not to the amount ${amount}`;
};

/** Items must name order lines once each, sum to the amount, and stay within each line's limit. */
const checkItems = (
  state: TxState,
  req: OperationRequest,
  limit: (l: LineAmounts) => number,
): Decision | Record<string, MinorUnits> => {
  const items = req.items ?? [];
  const seen = new Map<string, MinorUnits>();
  for (const item of items) {
    const line = lineOf(state.lines, item.line_id);
    if (!line) return refuse('INVALID_ITEMS', `Order line ${item.line_id} does not exist on this transaction`);
    if (seen.has(item.line_id)) return refuse('INVALID_ITEMS', `Order line ${item.line_id} appears twice`);
    if (item.amount > limit(line)) {
      return refuse(
        req.op === 'CAPTURE' ? 'AMOUNT_EXCEEDS_AUTHORIZED' : 'AMOUNT_EXCEEDS_CAPTURED',
        `Line ${item.line_id}: ${item.amount} exceeds what is left on the line (${limit(line)})`,
      );
    }
    const unitsLeft = quantityLeft(line, req.op);
    if (item.quantity !== undefined && unitsLeft !== undefined && item.quantity > unitsLeft + QUANTITY_TOLERANCE) {
      return refuse(
        'INVALID_ITEMS',
        `Line ${item.line_id}: quantity ${item.quantity} exceeds the ${unitsLeft} of the line's ${line.quantity} not yet ${req.op === 'CAPTURE' ? 'captured' : 'refunded'}`,
      );
    }
    seen.set(item.line_id, item.amount);
  }
  const mismatch = items.length > 0 ? itemsSumMismatch(items, req.amount) : undefined;
  if (mismatch) return refuse('INVALID_ITEMS', mismatch);
  return Object.fromEntries(seen);
};

const quantitiesOf = (req: OperationRequest): { quantities?: Record<string, number> } => {
  const named = (req.items ?? []).filter((i) => i.quantity !== undefined).map((i) => [i.line_id, i.quantity!] as const);
  return named.length ? { quantities: Object.fromEntries(named) } : {};
};

export const decide = (state: TxState, req: OperationRequest): Decision => {
  const { amounts: a, status } = state;
  const verb = req.op === 'CAPTURE' ? 'captured' : req.op === 'REFUND' ? 'refunded' : 'voided';
  // A transaction ON_HOLD awaits the merchant's decision: authorize it (authorization-update.ts) or void it.
  const allowed = MONEY_STATES.has(status) || (status === 'ON_HOLD' && req.op === 'VOID');
  if (!allowed)
    return refuse(
      `TRANSACTION_NOT_${req.op === 'CAPTURE' ? 'CAPTURABLE' : req.op === 'REFUND' ? 'REFUNDABLE' : 'VOIDABLE'}`,
      `A transaction with status ${status} cannot be ${verb}`,
    );
  if (req.op === 'VOID') {
    if (a.pendingCapture > 0 || a.pendingVoid > 0)
      return refuse('OPERATION_IN_PROGRESS', 'Another operation on this transaction is in progress');
    if (a.captured > 0 && !state.supportsPartialVoid)
      return refuse('TRANSACTION_NOT_VOIDABLE', 'This payment type cannot void after a capture; refund instead');
    const left = capturable(a);
    if (left <= 0) return refuse('TRANSACTION_NOT_VOIDABLE', 'Nothing is left to void on this authorization');
    return { ok: true, reservation: { op: 'VOID', amount: left, lines: {}, finalCapture: false } };
  }
  if (state.itemBased && !req.items?.length)
    return refuse('ITEMS_REQUIRED', `items are required to ${req.op.toLowerCase()} this payment type`);
  if (req.op === 'CAPTURE') {
    if (a.pendingVoid > 0) return refuse('OPERATION_IN_PROGRESS', 'A void of this transaction is in progress');
    const left = state.finalCaptured ? 0 : capturable(a);
    if (left <= 0) return refuse('TRANSACTION_NOT_CAPTURABLE', 'Nothing is left to capture on this transaction');
    if (req.amount > left)
      return refuse('AMOUNT_EXCEEDS_AUTHORIZED', `Capture amount ${req.amount} exceeds the capturable amount ${left}`);
    const lines = checkItems(state, req, (l) => l.authorized - l.captured - l.pendingCapture);
    if ('ok' in lines) return lines as Decision;
    return {
      ok: true,
      reservation: {
        op: 'CAPTURE',
        amount: req.amount,
        lines,
        finalCapture: req.finalCapture === true,
        ...quantitiesOf(req),
      },
    };
  }
  if (a.captured === 0 && a.pendingCapture === 0)
    return refuse('TRANSACTION_NOT_REFUNDABLE', 'Nothing has been captured, so nothing can be refunded');
  const left = refundable(a);
  if (left <= 0) return refuse('AMOUNT_EXCEEDS_CAPTURED', 'Everything captured has already been refunded');
  if (req.amount > left)
    return refuse('AMOUNT_EXCEEDS_CAPTURED', `Refund amount ${req.amount} exceeds the refundable amount ${left}`);
  const lines = checkItems(state, req, (l) => l.captured - l.refunded - l.pendingRefund);
  if ('ok' in lines) return lines as Decision;
  return {
    ok: true,
    reservation: { op: 'REFUND', amount: req.amount, lines, finalCapture: false, ...quantitiesOf(req) },
  };
};

/**
 * A session's cancel calls its payment off: the authorization is voided in full by the void rule
 * above (so one ON_HOLD is voided, as POST /v1/transactions/{id}/void would), and once anything was
 * captured the payment can only be refunded, so the cancel is refused (ADR 032).
 */
export const decideCancel = (state: TxState): Decision => {
  if (state.amounts.captured > 0)
    return refuse(
      'TRANSACTION_NOT_VOIDABLE',
      `A transaction with status ${state.status} was captured; refund it instead of cancelling its session`,
    );
  return decide(state, { op: 'VOID', amount: ZERO_MINOR });
};

const mapLines = (
  lines: Lines,
  r: Reservation,
  f: (l: LineAmounts, amount: MinorUnits, units: number) => LineAmounts,
): Lines => {
  const out = { ...lines };
  for (const [id, amount] of Object.entries(r.lines))
    out[id] = f(out[id]!, amount, r.quantities && Object.hasOwn(r.quantities, id) ? r.quantities[id]! : 0);
  return out;
};
const plus = (n: number | undefined, m: number): number => (n ?? 0) + m;

/**
 * A capture without items is booked on the order lines in order, as far as each line has room
 * (what does not fit, e.g. shipping outside the items, stays unbooked), so a later refund of a
 * line finds what was captured on it.
 */
const allocateToLines = (lines: Lines, amount: MinorUnits): Lines => {
  const out = { ...lines };
  let left = amount;
  for (const [id, l] of Object.entries(out)) {
    if (left <= 0) break;
    const room = remainingMinor(l.authorized, l.captured, l.pendingCapture);
    const take = room < left ? room : left;
    if (take > 0) {
      out[id] = { ...l, captured: addMinor(l.captured, take) };
      left = subtractMinor(left, take);
    }
  }
  return out;
};

/** Step 1: hold the reservation so concurrent requests see it. */
export const reserve = (s: TxState, r: Reservation): TxState => {
  const a = { ...s.amounts };
  if (r.op === 'CAPTURE') a.pendingCapture = addMinor(a.pendingCapture, r.amount);
  else if (r.op === 'REFUND') a.pendingRefund = addMinor(a.pendingRefund, r.amount);
  else a.pendingVoid = addMinor(a.pendingVoid, r.amount);
  const lines = mapLines(s.lines, r, (l, n, units) =>
    r.op === 'CAPTURE'
      ? {
          ...l,
          pendingCapture: addMinor(l.pendingCapture, n),
          ...(units ? { pendingCaptureQuantity: plus(l.pendingCaptureQuantity, units) } : {}),
        }
      : {
          ...l,
          pendingRefund: addMinor(l.pendingRefund, n),
          ...(units ? { pendingRefundQuantity: plus(l.pendingRefundQuantity, units) } : {}),
        },
  );
  // A final capture in flight already closes the authorization to further captures.
  return { ...s, amounts: a, lines, finalCaptured: s.finalCaptured || r.finalCapture };
};

/** Step 3 after a refusal or failure: give the reservation back; nothing else changes. */
export const release = (s: TxState, r: Reservation): TxState => {
  const a = { ...s.amounts };
  if (r.op === 'CAPTURE') a.pendingCapture = subtractMinor(a.pendingCapture, r.amount);
  else if (r.op === 'REFUND') a.pendingRefund = subtractMinor(a.pendingRefund, r.amount);
  else a.pendingVoid = subtractMinor(a.pendingVoid, r.amount);
  const lines = mapLines(s.lines, r, (l, n, units) =>
    r.op === 'CAPTURE'
      ? {
          ...l,
          pendingCapture: subtractMinor(l.pendingCapture, n),
          ...(units ? { pendingCaptureQuantity: plus(l.pendingCaptureQuantity, -units) } : {}),
        }
      : {
          ...l,
          pendingRefund: subtractMinor(l.pendingRefund, n),
          ...(units ? { pendingRefundQuantity: plus(l.pendingRefundQuantity, -units) } : {}),
        },
  );
  // Only one final capture can be in flight (it blocks the others), so releasing it reopens captures.
  return { ...s, amounts: a, lines, finalCaptured: r.finalCapture ? false : s.finalCaptured };
};

/**
 * Step 3 after success: the reservation becomes settled money. A final capture also voids what is
 * left of the authorization (`voidedByFinalCapture`), so the event log can explain it.
 */
export const complete = (
  s: TxState,
  r: Reservation,
): { state: TxState; voidedByFinalCapture: MinorUnits; booked: Record<string, MinorUnits> } => {
  const released = release(s, r);
  const a = { ...released.amounts };
  let lines = released.lines;
  /** Which lines the operation moved money on (for a capture without items: where it was booked). */
  let booked: Record<string, MinorUnits> = r.lines;
  if (r.op === 'CAPTURE') {
    a.captured = addMinor(a.captured, r.amount);
    lines =
      Object.keys(r.lines).length > 0
        ? mapLines(lines, r, (l, n, units) => ({
            ...l,
            captured: addMinor(l.captured, n),
            ...(units ? { capturedQuantity: plus(l.capturedQuantity, units) } : {}),
          }))
        : allocateToLines(lines, r.amount);
    booked =
      Object.keys(r.lines).length > 0
        ? r.lines
        : Object.fromEntries(
            Object.entries(lines)
              .map(([id, l]) => [id, remainingMinor(l.captured, released.lines[id]?.captured ?? ZERO_MINOR)] as const)
              .filter(([, n]) => n > 0),
          );
  } else if (r.op === 'REFUND') {
    a.refunded = addMinor(a.refunded, r.amount);
    lines = mapLines(lines, r, (l, n, units) => ({
      ...l,
      refunded: addMinor(l.refunded, n),
      ...(units ? { refundedQuantity: plus(l.refundedQuantity, units) } : {}),
    }));
  } else {
    a.voided = addMinor(a.voided, r.amount);
  }
  let voidedByFinalCapture = ZERO_MINOR;
  if (r.op === 'CAPTURE' && r.finalCapture) {
    voidedByFinalCapture = remainingMinor(a.authorized, a.captured, a.voided, a.pendingCapture);
    a.voided = addMinor(a.voided, voidedByFinalCapture);
  }
  const state = { ...released, amounts: a, lines, finalCaptured: s.finalCaptured || r.finalCapture };
  return { state: { ...state, status: statusFromAmounts(a) }, voidedByFinalCapture, booked };
};
