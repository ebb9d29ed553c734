import type { AppContext } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import { uuid } from '../../shared/ids';
import { runPipeline } from '../pipeline';
import { priced, type MinorUnits } from '../../../domain/money';
import { appendTransactionEvent, loadTransaction, type NewTransactionEvent } from '../store/transaction-repository';

export interface LateAuthorization {
  accountId: string;
  productType: string;
  transactionId: string;
  amount: MinorUnits;
  currency: string;
  providerReference: string;
  /** The provider's own data of the approval, when it gave some (issue 38 item 1). */
  providerData?: Readonly<Record<string, unknown>>;
}

/**
 * The acquirer approved an attempt that the stale-payment recovery had already closed as FAILED
 * (ABANDONED). Kassa will never capture it, so the hold on the customer's card is released at once:
 * the authorization is voided at the acquirer (no database transaction open), and the outcome is
 * appended to the FAILED transaction's events; its status and amounts stay as they are and no
 * callback is sent. If the void fails, the event says `reconcile: true` with the acquirer's
 * reference, for an operator to void it by hand (uncaptured, the hold lapses anyway). ADR 012.
 * The one pipeline (pipeline.ts): call = the void, failed = the event that asks for reconciliation,
 * settle = the event.
 */
export const voidLateAuthorization = (ctx: AppContext, late: LateAuthorization): Promise<void> => {
  const operationId = uuid();
  const details = {
    reason: 'late_authorization',
    operation_id: operationId,
    provider_reference: late.providerReference,
  };
  return runPipeline<LateAuthorization, NewTransactionEvent, void>({
    reserve: async () => ({ reserved: late }), // decided by the attempt's finish: nothing to reserve, the attempt is closed
    async call({ accountId, productType, transactionId, amount, currency, providerReference, providerData }) {
      const outcome = await ctx.providers.providerFor(productType).void({
        accountId,
        productType,
        transactionId,
        operationId,
        ...priced(amount, currency),
        providerReference, // the approval being voided is named by its provider's reference
        ...(providerData ? { providerData } : {}),
      });
      return {
        event: 'VOID',
        success: true,
        amount,
        createdBy: 'system',
        details: { ...details, ...(outcome === 'PENDING' ? { acquirer_status: 'PENDING' } : {}) },
      };
    },
    failed: async ({ amount }, e) => ({
      event: 'VOID',
      success: false,
      amount,
      createdBy: 'system',
      error: {
        code: 'LATE_AUTHORIZATION_NOT_VOIDED',
        message: 'The acquirer approved after the attempt was abandoned and the void failed; void it at the acquirer',
      },
      details: { ...details, reconcile: true, cause: (e as Error).message },
    }),
    settle: (_late, event) =>
      unitOfWork(ctx, undefined, async ({ trx }) => {
        await loadTransaction(trx, ctx.database, late.transactionId, late.accountId, true);
        await appendTransactionEvent(trx, late.transactionId, event);
      }),
  });
};
