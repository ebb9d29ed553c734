import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { toJson } from '../../shared/json-columns';
import { redactHeaders } from '../../shared/request-headers';
import { statusFromAmounts, type TxState } from '../../../domain/transaction-state';
import type { PayableSession } from '../payable-sessions';
import type { TransactionData, TransactionRecord } from '../store/transaction-record';
import { appendTransactionEvent, saveTransactionState } from '../store/transaction-repository';
import { readTransaction } from '../store/read-transaction';
import type { AuthorizationInput, TransactionView } from '../transactions/transaction-schemas';
import type { UnitOfWork } from '../unit-of-work';
import type { AuthorizationDecision } from './authorization-update';

export type AuthorizationUpdated = { view: TransactionView; releasedFromHold?: PayableSession };

/** The new order lines replace the transaction's items; what an item does not restate is kept from the old line. */
const withOrderItems = (data: TransactionData, items: NonNullable<AuthorizationInput['items']>): string => {
  const old = new Map((data.items ?? []).map((i) => [i.line_id, i]));
  return toJson({ ...data, items: items.map((i) => ({ ...old.get(i.line_id), ...i })) });
};

/**
 * Writes a decided authorization update (inside the caller's unit of work, the transaction's row
 * locked): the new amounts and lines, the AUTHORIZE event, the Idempotency-Key's record, and for a
 * payment released from hold the session's AUTHORIZED state with its callback in the outbox.
 */
export const applyAuthorizationUpdate = async (
  ctx: AppContext,
  uow: UnitOfWork,
  actor: Actor,
  row: TransactionRecord,
  state: TxState,
  decision: Extract<AuthorizationDecision, { ok: true }>,
  input: AuthorizationInput,
  meta: RequestMeta,
): Promise<AuthorizationUpdated> => {
  const { trx } = uow;
  const items = input.items?.map((i) => ({ line_id: i.line_id, amount: i.amount }));
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
    await uow.sessions.appendEvent(trx, session.id, 'AUTHORIZED', {
      meta,
      details: { transaction_id: row.id, from: 'ON_HOLD' },
    });
    const callbackUrl = session.url.callback_url;
    if (callbackUrl)
      await uow.outbox.callback({
        accountId: row.account_id,
        sessionId: session.id,
        transactionId: row.id,
        eventId,
        event: 'AUTHORIZE',
        callbackUrl,
      });
  }
  return { view: await readTransaction(trx, await uow.transaction(row.id, actor.accountId)), releasedFromHold };
};
