import type { MinorUnits } from '../../../domain/money';
import {
  complete,
  decide,
  reserve,
  type Decision,
  type RefusalCode,
  type Reservation,
  type TxState,
} from '../../../domain/transaction-state';
import type { ProviderOperation } from '../../providers/port';

export interface Unbooked {
  operation_id: string;
  operation: ProviderOperation['kind'];
  amount: MinorUnits;
  code: RefusalCode;
  message: string;
}

/**
 * Whether the state can take what the provider did: the rules of `decide`, except that the provider
 * already did it, so neither order lines (item-based products) nor partial-void support are asked for.
 */
const fits = (state: TxState, op: ProviderOperation): Decision => {
  const lenient = { ...state, itemBased: false, supportsPartialVoid: true };
  const decision = decide(lenient, { op: op.kind, amount: op.amount });
  if (op.kind === 'VOID' && decision.ok && op.amount > decision.reservation.amount)
    return {
      ok: false,
      code: 'TRANSACTION_NOT_VOIDABLE',
      message: `The provider voided ${op.amount}, more than the ${decision.reservation.amount} left on the authorization`,
    };
  return decision;
};

/**
 * sync_status's pure step (ADR 036): books each DONE operation of the provider that Kassa does not know
 * (`unknown`, in the provider's order) onto the state as a settled operation of its amount; one the
 * state cannot take is left unbooked with the refusal. No I/O.
 */
export const bookProviderOperations = (
  state: TxState,
  unknown: readonly ProviderOperation[],
): { state: TxState; booked: ProviderOperation[]; unbooked: Unbooked[] } => {
  let s = state;
  const booked: ProviderOperation[] = [];
  const unbooked: Unbooked[] = [];
  for (const op of unknown) {
    if (op.status !== 'DONE' || op.amount <= 0) continue;
    const decision = fits(s, op);
    if (!decision.ok) {
      unbooked.push({
        operation_id: op.operationId,
        operation: op.kind,
        amount: op.amount,
        code: decision.code,
        message: decision.message,
      });
      continue;
    }
    const r: Reservation = { op: op.kind, amount: op.amount, lines: {}, finalCapture: false };
    s = complete(reserve(s, r), r).state;
    booked.push(op);
  }
  return { state: s, booked, unbooked };
};
