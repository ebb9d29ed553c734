/**
 * The pure transaction state machine. Use cases load the row, ask these functions
 * what an operation may do, and persist the answer; no I/O here.
 */
export const TRANSACTION_STATUSES = [
  'INITIATED', 'AUTHORIZED', 'AUTHORIZATION_VOIDED', 'CAPTURED', 'PARTIALLY_CAPTURED',
  'PARTIALLY_CAPTURED_REFUNDED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DECLINED', 'FAILED', 'UNKNOWN', 'ON_HOLD',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface Amounts {
  authorized: number;
  captured: number;
  refunded: number;
  voided: number;
  pendingCapture: number;
  pendingRefund: number;
  pendingVoid: number;
}

export type Operation = 'CAPTURE' | 'REFUND' | 'VOID';

export type Decision =
  | { ok: true; reserve: number }
  | { ok: false; code: 'TRANSACTION_NOT_CAPTURABLE' | 'TRANSACTION_NOT_REFUNDABLE' | 'TRANSACTION_NOT_VOIDABLE' | 'AMOUNT_EXCEEDS_AUTHORIZED' | 'AMOUNT_EXCEEDS_CAPTURED' | 'OPERATION_IN_PROGRESS'; message: string };

/** States whose amounts are settled by the provider: only these accept money operations. */
const SETTLED_BASE: ReadonlySet<TransactionStatus> = new Set([
  'AUTHORIZED', 'CAPTURED', 'PARTIALLY_CAPTURED', 'PARTIALLY_CAPTURED_REFUNDED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'AUTHORIZATION_VOIDED',
]);

export const capturable = (a: Amounts): number => a.authorized - a.captured - a.voided - a.pendingCapture - a.pendingVoid;
export const refundable = (a: Amounts): number => a.captured - a.refunded - a.pendingRefund;

/** The status always follows from the amounts once a transaction is authorized. */
export const statusFromAmounts = (a: Amounts): TransactionStatus => {
  if (a.captured === 0) return a.voided > 0 ? 'AUTHORIZATION_VOIDED' : 'AUTHORIZED';
  const fullyCaptured = a.captured === a.authorized;
  if (a.refunded === 0) return fullyCaptured ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
  if (a.refunded === a.captured) return 'REFUNDED';
  return fullyCaptured ? 'PARTIALLY_REFUNDED' : 'PARTIALLY_CAPTURED_REFUNDED';
};

export const decide = (status: TransactionStatus, a: Amounts, op: Operation, amount: number): Decision => {
  if (!SETTLED_BASE.has(status)) {
    const code = op === 'CAPTURE' ? 'TRANSACTION_NOT_CAPTURABLE' : op === 'REFUND' ? 'TRANSACTION_NOT_REFUNDABLE' : 'TRANSACTION_NOT_VOIDABLE';
    return { ok: false, code, message: `A transaction with status ${status} cannot be ${op === 'CAPTURE' ? 'captured' : op === 'REFUND' ? 'refunded' : 'voided'}` };
  }
  switch (op) {
    case 'CAPTURE': {
      if (a.pendingVoid > 0) return { ok: false, code: 'OPERATION_IN_PROGRESS', message: 'A void of this transaction is in progress' };
      const left = capturable(a);
      if (left <= 0) return { ok: false, code: 'TRANSACTION_NOT_CAPTURABLE', message: 'Nothing is left to capture on this transaction' };
      if (amount > left) return { ok: false, code: 'AMOUNT_EXCEEDS_AUTHORIZED', message: `Capture amount ${amount} exceeds the capturable amount ${left}` };
      return { ok: true, reserve: amount };
    }
    case 'REFUND': {
      const left = refundable(a);
      if (a.captured === 0 && a.pendingCapture === 0) return { ok: false, code: 'TRANSACTION_NOT_REFUNDABLE', message: 'Nothing has been captured, so nothing can be refunded' };
      if (left <= 0) return { ok: false, code: 'AMOUNT_EXCEEDS_CAPTURED', message: 'Everything captured has already been refunded' };
      if (amount > left) return { ok: false, code: 'AMOUNT_EXCEEDS_CAPTURED', message: `Refund amount ${amount} exceeds the refundable amount ${left}` };
      return { ok: true, reserve: amount };
    }
    case 'VOID': {
      if (a.pendingCapture > 0 || a.pendingVoid > 0) return { ok: false, code: 'OPERATION_IN_PROGRESS', message: 'Another operation on this transaction is in progress' };
      if (a.captured > 0) return { ok: false, code: 'TRANSACTION_NOT_VOIDABLE', message: 'A captured transaction cannot be voided; refund it instead' };
      const left = capturable(a);
      if (left <= 0) return { ok: false, code: 'TRANSACTION_NOT_VOIDABLE', message: 'The authorization has already been voided' };
      return { ok: true, reserve: left };
    }
  }
};

/** Applies a completed (successful) operation to the amounts. */
export const applyCompleted = (a: Amounts, op: Operation, amount: number): Amounts => {
  switch (op) {
    case 'CAPTURE':
      return { ...a, pendingCapture: a.pendingCapture - amount, captured: a.captured + amount };
    case 'REFUND':
      return { ...a, pendingRefund: a.pendingRefund - amount, refunded: a.refunded + amount };
    case 'VOID':
      return { ...a, pendingVoid: a.pendingVoid - amount, voided: a.voided + amount };
  }
};

/** Releases a reservation after the provider refused or failed the operation. */
export const releaseReservation = (a: Amounts, op: Operation, amount: number): Amounts => {
  switch (op) {
    case 'CAPTURE':
      return { ...a, pendingCapture: a.pendingCapture - amount };
    case 'REFUND':
      return { ...a, pendingRefund: a.pendingRefund - amount };
    case 'VOID':
      return { ...a, pendingVoid: a.pendingVoid - amount };
  }
};

export const reserve = (a: Amounts, op: Operation, amount: number): Amounts => {
  switch (op) {
    case 'CAPTURE':
      return { ...a, pendingCapture: a.pendingCapture + amount };
    case 'REFUND':
      return { ...a, pendingRefund: a.pendingRefund + amount };
    case 'VOID':
      return { ...a, pendingVoid: a.pendingVoid + amount };
  }
};
