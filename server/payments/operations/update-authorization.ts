import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { toJson } from '../../shared/json-columns';
import { redactHeaders } from '../../shared/request-headers';
import { autoCaptureIfConfigured } from './auto-capture';
import { decideAuthorizationUpdate } from './authorization-update';
import { getTransaction } from '../transactions/get-transaction';
import type { TransactionData } from '../store/transaction-record';
import { appendTransactionEvent, readTransaction, saveTransactionState, stateOf } from '../store/transaction-repository';
import { unitOfWork } from '../unit-of-work';
import type { AuthorizationInput, TransactionView } from '../transactions/transaction-schemas';
import { statusFromAmounts } from '../../../domain/transaction-state';
import type { PayableSession } from '../payable-sessions';

/**
 * Extends, changes or finalizes an authorization, or authorizes a transaction on hold (see
 * authorization-update.ts). A transaction released from hold is then captured if the session asks
 * for auto_capture, as any other fresh authorization is.
 */
export const updateAuthorization = async (ctx: AppContext, actor: Actor, transactionId: string, input: AuthorizationInput, meta: RequestMeta): Promise<TransactionView> => {
  const { view, releasedFromHold } = await authorizationUpdate(ctx, actor, transactionId, input, meta);
  if (!releasedFromHold) return view;
  await autoCaptureIfConfigured(ctx, releasedFromHold, transactionId, meta);
  return getTransaction(ctx, actor, transactionId);
};

/** The new order lines replace the transaction's items; what an item does not restate is kept from the old line. */
const withOrderItems = (data: TransactionData, items: NonNullable<AuthorizationInput['items']>): string => {
  const old = new Map((data.items ?? []).map((i) => [i.line_id, i]));
  return toJson({ ...data, items: items.map((i) => ({ ...old.get(i.line_id), ...i })) });
};

const authorizationUpdate = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: AuthorizationInput,
  meta: RequestMeta,
): Promise<{ view: TransactionView; releasedFromHold?: PayableSession }> =>
  unitOfWork(ctx, meta, async (uow) => {
    const { trx } = uow;
    const recorded = await uow.idempotency.recorded();
    const row = await uow.transaction(transactionId, actor.accountId, { lock: true });
    if (recorded !== undefined) {
      // This key's update committed before (ADR 006): answer with the transaction as it is now.
      uow.idempotency.replayed();
      return { view: await readTransaction(trx, row) };
    }
    const state = stateOf(row, await uow.capabilities(row)); // item-based: what its product says
    const items = input.items?.map((i) => ({ line_id: i.line_id, amount: i.amount }));
    const decision = decideAuthorizationUpdate(state, { amount: input.amount, final_authorization: input.final_authorization, items }, row.final_authorization === 1);
    if (!decision.ok) throw new AppError(decision.code, decision.message);
    const amounts = { ...state.amounts, authorized: decision.amount };
    const onHold = decision.kind === 'AUTHORIZE_ON_HOLD';
    await saveTransactionState(trx, row, onHold ? 'AUTHORIZED' : statusFromAmounts(amounts), amounts, {
      amount: decision.amount,
      lines: toJson(decision.lines),
      final_authorization: decision.finalAuthorization ? 1 : 0,
      ...(input.items && !onHold ? { data: withOrderItems(row.data, input.items) } : {}),
    });
    const eventId = await appendTransactionEvent(trx, row.id, {
      event: 'AUTHORIZE',
      success: true,
      amount: decision.amount,
      items,
      createdBy: actor.subject,
      requestId: meta.requestId,
      requestHeaders: redactHeaders(meta.headers),
      details: {
        authorization_update: decision.kind,
        previous_amount: state.amounts.authorized,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.description ? { description: input.description } : {}),
        ...(input.final_authorization !== undefined ? { final_authorization: input.final_authorization } : {}),
      },
    });
    await uow.idempotency.record(eventId);
    let releasedFromHold: PayableSession | undefined;
    if (onHold) {
      const session = await uow.sessions.load(trx, ctx.database, row.session_id, { lock: true });
      releasedFromHold = session;
      await uow.sessions.save(trx, session, { status: 'AUTHORIZED', transaction_id: row.id });
      await uow.sessions.appendEvent(trx, session.id, 'AUTHORIZED', { meta, details: { transaction_id: row.id, from: 'ON_HOLD' } });
      const callbackUrl = session.url.callback_url;
      if (callbackUrl) await uow.outbox.callback({ accountId: row.account_id, sessionId: session.id, transactionId: row.id, eventId, event: 'AUTHORIZE', callbackUrl });
    }
    return { view: await readTransaction(trx, await uow.transaction(row.id, actor.accountId)), releasedFromHold };
  });
