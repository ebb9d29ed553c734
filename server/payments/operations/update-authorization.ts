import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import type { ApprovedPayment } from '../../providers/port';
import { approvedPaymentOf } from '../store/provider-data';
import { uuid } from '../../shared/ids';
import { priced, type MinorUnits } from '../../../domain/money';
import { autoCaptureIfConfigured } from './auto-capture';
import { applyAuthorizationUpdate, type AuthorizationUpdated } from './apply-authorization-update';
import { decideAuthorizationUpdate } from './authorization-update';
import { getTransaction } from '../transactions/get-transaction';
import { stateOf } from '../store/transaction-repository';
import { readTransaction } from '../store/read-transaction';
import { unitOfWork, type UnitOfWork } from '../unit-of-work';
import type { AuthorizationInput, TransactionView } from '../transactions/transaction-schemas';
import { runPipeline } from '../pipeline';
import { isOutcomeUnknown } from '../../providers/provider-errors';

/** What the provider is asked to hold: the new authorized amount. */
interface Asked {
  accountId: string;
  productType: string;
  currency: string;
  amount: MinorUnits;
  /** The provider's reference and data of the payment (issue 38 item 1). */
  approved: ApprovedPayment;
}

type Decided = { updated: AuthorizationUpdated } | { ask: Asked } | { refused: AppError; restore: MinorUnits };

/**
 * In one unit of work holding the row lock: a repeat of this Idempotency-Key answers the transaction as
 * it is now (ADR 006); else the pure rule decides. Written at once when no provider is asked (a payment
 * released from hold: the provider authorized it already); else `ask`, or, after the provider answered,
 * written only when the decision is still the one the provider was asked for.
 */
const decide = async (
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  transactionId: string,
  input: AuthorizationInput,
  meta: RequestMeta,
  asked?: Asked,
  only?: 'EXTEND_AUTHORIZATION',
): Promise<Decided> => {
  const recorded = await uow.idempotency.recorded();
  const row = await uow.transaction(transactionId, actor.accountId, { lock: true });
  if (recorded !== undefined) {
    uow.idempotency.replayed();
    return { updated: { view: await readTransaction(uow.trx, row) } };
  }
  const capabilities = await uow.capabilities(row);
  const state = stateOf(row, capabilities); // item-based: what its product says
  if (only && (!state.itemBased || state.status === 'ON_HOLD'))
    throw new AppError(
      'AUTHORIZATION_NOT_UPDATABLE',
      `Only an authorized pay-later payment can have its authorization extended (${row.payment_product_type}, ${row.status})`,
    );
  const items = input.items?.map((i) => ({ line_id: i.line_id, amount: i.amount }));
  const decision = decideAuthorizationUpdate(
    state,
    { amount: input.amount, final_authorization: input.final_authorization, items },
    row.final_authorization === 1,
  );
  if (asked && (!decision.ok || decision.amount !== asked.amount)) {
    const refused = decision.ok
      ? new AppError(
          'AUTHORIZATION_NOT_UPDATABLE',
          'The transaction changed while its authorization was being updated; retry',
        )
      : new AppError(decision.code, decision.message);
    return { refused, restore: state.amounts.authorized };
  }
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  if (decision.kind !== 'AUTHORIZE_ON_HOLD' && !capabilities.authorizationUpdate) {
    throw new AppError(
      'AUTHORIZATION_NOT_UPDATABLE',
      `${row.payment_product_type} payments cannot have their authorization updated`,
    );
  }
  const providerAsked =
    decision.kind !== 'AUTHORIZE_ON_HOLD' &&
    ctx.providers.providerFor(row.payment_product_type).updateAuthorization !== undefined;
  if (providerAsked && !asked) {
    const ask = {
      accountId: row.account_id,
      productType: row.payment_product_type,
      currency: row.currency,
      amount: decision.amount,
      approved: approvedPaymentOf(row),
    };
    return { ask };
  }
  return { updated: await applyAuthorizationUpdate(ctx, uow, actor, row, state, decision, input, meta) };
};

const askProvider = (ctx: AppContext, transactionId: string, asked: Asked, amount: MinorUnits): Promise<void> =>
  ctx.providers.providerFor(asked.productType).updateAuthorization!({
    accountId: asked.accountId,
    productType: asked.productType,
    transactionId,
    operationId: uuid(),
    ...priced(amount, asked.currency),
    ...asked.approved,
  });

/**
 * POST /v1/transactions/{id}/authorization: extends, changes or finalizes an authorization, or
 * authorizes a transaction on hold (authorization-update.ts), as the one pipeline (pipeline.ts):
 * reserve = the decision under the row lock; call = the provider's `updateAuthorization` (when it has
 * one; nothing is asked to release a payment from hold); failed = nothing changed in Kassa, the error
 * answered (a provider that got the request and did not answer may hold the new amount: the error says
 * so, and the same update again is harmless, ADR 041);
 * settle = decided again under the lock and written. If the transaction changed meanwhile so that the
 * update no longer fits, the provider is asked to hold what Kassa still holds and the request is
 * refused. A transaction released from hold is then captured if the session asks for auto_capture.
 * `only`: the extension alone (POST /v1/events/transaction/extend_authorization); anything else is refused.
 */
export const updateAuthorization = async (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: AuthorizationInput,
  meta: RequestMeta,
  only?: 'EXTEND_AUTHORIZATION',
): Promise<TransactionView> => {
  const decideIn = (asked?: Asked) =>
    unitOfWork(ctx, meta, (uow) => decide(ctx, uow, actor, transactionId, input, meta, asked, only));
  const { view, releasedFromHold } = await runPipeline<Asked, void, AuthorizationUpdated>({
    async reserve() {
      const decided = await decideIn();
      if ('ask' in decided) return { reserved: decided.ask };
      if ('updated' in decided) return { answer: decided.updated };
      throw decided.refused; // (only once the provider was asked)
    },
    call: (asked) => askProvider(ctx, transactionId, asked, asked.amount),
    failed(_asked, error) {
      // nothing was written: the provider's error is the answer, saying whether it may hold the new amount
      if (!isOutcomeUnknown(error)) throw error;
      throw new AppError(
        'PROVIDER_UNAVAILABLE',
        'The payment provider did not answer in time; it may hold the new amount while Kassa still holds the old one. Send the same update again: asking again is harmless',
        { cause: error },
      );
    },
    async settle(asked) {
      const decided = await decideIn(asked);
      if ('refused' in decided) {
        await askProvider(ctx, transactionId, asked, decided.restore);
        throw decided.refused;
      }
      if ('ask' in decided) throw new Error('An authorization update asked its provider twice'); // (decide never asks again once asked)
      return decided.updated;
    },
  });
  if (!releasedFromHold) return view;
  await autoCaptureIfConfigured(ctx, releasedFromHold, transactionId, meta);
  return getTransaction(ctx, actor, transactionId);
};
