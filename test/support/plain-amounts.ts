import type { MinorUnits } from '../../domain/money';
import * as machine from '../../domain/transaction-state';
import * as authorization from '../../server/payments/operations/authorization-update';

/**
 * The state machine's rules with amounts written as plain numbers, for tests that spell their
 * amounts as literals (`{ op: 'CAPTURE', amount: 100 }`). The shipped code types them as
 * `MinorUnits` (domain/money.ts); these are the same functions, only their types read `number`
 * where the machine reads `MinorUnits` (a test literal is an integer minor unit by construction).
 */
export type Plain<T> = T extends MinorUnits
  ? number
  : T extends readonly (infer U)[]
    ? Plain<U>[]
    : T extends (...args: never[]) => unknown
      ? T
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

export type TxState = Plain<machine.TxState>;
export type Reservation = Plain<machine.Reservation>;
export type Amounts = Plain<machine.Amounts>;
export type { Operation, TransactionStatus } from '../../domain/transaction-state';
export const { TRANSACTION_STATUSES } = machine;

/** The same function, typed with plain amounts (the one cast: `MinorUnits` is a `number` at run time). */
const plain = <F>(f: (...args: never[]) => unknown): F => f as unknown as F;

export const decide = plain<(s: TxState, r: Plain<machine.OperationRequest>) => Plain<machine.Decision>>(
  machine.decide,
);
export const decideCancel = plain<(s: TxState) => Plain<machine.Decision>>(machine.decideCancel);
export const reserve = plain<(s: TxState, r: Reservation) => TxState>(machine.reserve);
export const release = plain<(s: TxState, r: Reservation) => TxState>(machine.release);
export const complete = plain<(s: TxState, r: Reservation) => Plain<ReturnType<typeof machine.complete>>>(
  machine.complete,
);
export const capturable = plain<(a: Amounts) => number>(machine.capturable);
export const refundable = plain<(a: Amounts) => number>(machine.refundable);
export const statusFromAmounts = plain<(a: Amounts) => machine.TransactionStatus>(machine.statusFromAmounts);
export const itemsSumMismatch = plain<(items: readonly { amount: number }[], amount: number) => string | undefined>(
  machine.itemsSumMismatch,
);
export const decideAuthorizationUpdate = plain<
  (
    state: TxState,
    req: Plain<authorization.AuthorizationUpdateRequest>,
    finalAuthorization: boolean,
  ) => Plain<authorization.AuthorizationDecision>
>(authorization.decideAuthorizationUpdate);

/** The amounts of a fresh authorization of 10.00 (every other amount zero). */
export const zeroAmounts = {
  authorized: 1000,
  captured: 0,
  refunded: 0,
  voided: 0,
  pendingCapture: 0,
  pendingRefund: 0,
  pendingVoid: 0,
};
/** An order line authorized for `authorized`, nothing else moved. */
export const freshLine = (authorized: number) => ({
  authorized,
  captured: 0,
  refunded: 0,
  pendingCapture: 0,
  pendingRefund: 0,
});
/** A transaction in `status` with lines a (6.00) and b (4.00), partial void allowed, not item-based; `amounts` and `extra` override. */
export const txState = (
  status: machine.TransactionStatus,
  amounts: Partial<typeof zeroAmounts> = {},
  extra: Partial<TxState> = {},
): TxState => ({
  status,
  amounts: { ...zeroAmounts, ...amounts },
  lines: { a: freshLine(600), b: freshLine(400) },
  finalCaptured: false,
  supportsPartialVoid: true,
  itemBased: false,
  ...extra,
});
