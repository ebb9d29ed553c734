import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { runMoneyOperation, type MoneyOperationResult } from './run-money-operation';
import { ZERO_MINOR } from '../../../domain/money';

/**
 * A session's cancel calls its payment off: a VOID through the one money-operation pipeline, decided
 * under the transaction's lock by `decideCancel` (domain/transaction-state.ts): an authorization, or a
 * payment ON_HOLD, is voided in full; a captured, refunded or voided one is 400 TRANSACTION_NOT_VOIDABLE
 * and nothing changes. The void is a step of the cancel, not what the cancel's Idempotency-Key records.
 */
export const cancelPayment = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  meta: RequestMeta,
): Promise<MoneyOperationResult> =>
  runMoneyOperation(
    ctx,
    actor,
    { transactionId, operation: 'VOID', amount: ZERO_MINOR, cancel: true, details: { reason: 'session cancelled' } },
    { ...meta, idempotency: undefined },
  );
