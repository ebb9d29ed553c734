import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { getTransactionJson } from '../transactions/get-transaction';
import { unitOfWork } from '../unit-of-work';
import { markAsync, releaseOperation, settleOperation } from './operation-steps';
import { reserveOperation, type MoneyOperationRequest, type Reserved } from './reserve-operation';
import { runPipeline } from '../pipeline';
import type { OperationOutcome } from '../../providers/port';
import { isOutcomeUnknown } from '../../providers/provider-errors';
import { priced } from '../../../domain/money';

export type { MoneyOperationRequest } from './reserve-operation';

export interface MoneyOperationResult {
  /** The transaction's view after the operation, as JSON text (transaction-view-json.ts). */
  json: string;
  /**
   * Set when the provider accepted the operation for later, or when its answer never came and what it
   * did is not known yet (answer 202 with event-request-id; the INITIATE_* event says which).
   */
  eventRequestId?: string;
}

/**
 * What a capture, refund or void answers with: the request headers of the events and of the initiating system, included
 * by default as the specification's history says (its `includes` query is accepted, deprecated, and changes nothing).
 */
export const OPERATION_ANSWER_INCLUDES = ['events.request_headers', 'initiating_system_request_headers'] as const;

const read = async (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  eventRequestId?: string,
): Promise<MoneyOperationResult> => ({
  json: await getTransactionJson(ctx, actor, transactionId, OPERATION_ANSWER_INCLUDES),
  ...(eventRequestId ? { eventRequestId } : {}),
});

type Reservation = Extract<Reserved, { operationId: string }>;

/**
 * Capture, refund, void and session cancel's void, as the one pipeline (pipeline.ts), safe under any
 * interleaving (ADR 004, ADR 032):
 *  1. reserve: one unit of work holding the row lock validates, decides with the pure rules and RESERVES
 *     the amount, recording the operation and the Idempotency-Key's resource (reserve-operation.ts);
 *  2. call: the provider of the transaction's product, with no database transaction open;
 *  3. failed: a provider never reached (nothing was sent): the reservation is given back and the
 *     error answered (nothing moved). A provider sent the request that gave no usable answer (a timeout):
 *     it may have moved the money, so the operation is UNRESOLVED, not failed (ADR 041);
 *  4. settle: one unit of work books the reservation with its event and callback, or marks what the
 *     provider accepted for later or left unresolved (operation-steps.ts), which stays reserved until
 *     the operations worker learns from the provider's status what became of it.
 * A repeated reference or key with the same request replays the first result and moves no more money.
 */
export const runMoneyOperation = (
  ctx: AppContext,
  actor: Actor,
  req: MoneyOperationRequest,
  meta: RequestMeta,
): Promise<MoneyOperationResult> =>
  runPipeline<Reservation, OperationOutcome | 'UNRESOLVED', MoneyOperationResult>({
    async reserve(held) {
      const reserved = await unitOfWork(ctx, meta, (uow) =>
        reserveOperation(uow, actor, req, meta, { database: ctx.database, held }),
      );
      return 'replay' in reserved
        ? { answer: await read(ctx, actor, req.transactionId, reserved.replay) }
        : { reserved };
    },
    call({ operationId, productType, accountId, currency, amount, approved }) {
      const provider = ctx.providers.providerFor(productType);
      const call = {
        accountId,
        productType,
        transactionId: req.transactionId,
        operationId,
        ...priced(amount, currency),
        ...approved, // the provider's reference and data of the payment (issue 38 item 1)
        ...(req.items?.length ? { items: req.items } : {}), // the lines a capture or refund concerns
      };
      return req.operation === 'CAPTURE'
        ? provider.capture(call)
        : req.operation === 'REFUND'
          ? provider.refund(call)
          : provider.void(call);
    },
    async failed({ operationId }, error) {
      if (isOutcomeUnknown(error)) return 'UNRESOLVED';
      await releaseOperation(ctx, operationId);
      throw error;
    },
    async settle({ operationId }, outcome) {
      if (outcome !== 'DONE') {
        const eventRequestId = await markAsync(ctx, operationId, outcome === 'UNRESOLVED');
        return read(ctx, actor, req.transactionId, eventRequestId);
      }
      await settleOperation(ctx, operationId);
      return read(ctx, actor, req.transactionId);
    },
  });
