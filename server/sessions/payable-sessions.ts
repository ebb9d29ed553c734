import type { PayableSession, PayableSessions } from '../payments';
import { isMinorUnits } from '../../domain/money';
import { AppError } from '../errors/app-error';
import { featureToggles } from '../shared/request-headers';
import { assertReferenceUnique } from './assert-reference-unique';
import { assertUnmodifiedSince } from './if-unmodified-since';
import { insertSession, validateSessionDraft } from './insert-session';
import { ownProductsFor, resolvePaymentMethods } from './payment-methods';
import { saveSessionChanges } from './save-session-changes';
import { assertOpenForView, assertPayable } from './session-availability';
import { appendSessionEvent } from './session-events';
import { sessionRequestHeaders, toSessionRecord, type SessionRecord } from './session-record';
import { isExpired, loadSession, readSession } from './session-repository';

/**
 * Sessions' side of the port payments declares (server/payments/payable-sessions.ts, ADR 032): the
 * session row's primitives a payment needs, on `ctx.payableSessions` (create-kassa.ts).
 */
/** The record's money is minor units (it always is: amounts are validated integers when stored). */
const hasMinorUnits = (s: SessionRecord): s is SessionRecord & PayableSession =>
  isMinorUnits(s.amount) &&
  isMinorUnits(s.order.amount) &&
  (s.order.items ?? []).every((i) => isMinorUnits(i.amount)) &&
  (s.order.gift_cards ?? []).every((g) => isMinorUnits(g.amount));

/** The snapshot payments reads: the record itself once its money is checked to be minor units (nothing is copied; the stored JSON is the same). */
const payable = (s: SessionRecord): PayableSession => {
  if (!hasMinorUnits(s))
    throw new RangeError(`session ${s.id}: its amounts must be non-negative integers in minor units`);
  return s;
};

export const payableSessions: PayableSessions = {
  load: async (exec, database, id, opts) => payable(await loadSession(exec, database, id, opts)),

  lockToPay: async (trx, database, id, ifUnmodifiedSince) => {
    const session = await loadSession(trx, database, id, { lock: true });
    assertUnmodifiedSince(ifUnmodifiedSince, session, { allowVersion: true });
    assertPayable(session);
    if (session.pay_lock_id)
      throw new AppError('SESSION_LOCKED', 'The session is locked while the shop updates it; try again shortly');
    return payable(session);
  },

  lockOpenForView: async (trx, database, id) => {
    const session = await loadSession(trx, database, id, { lock: true });
    assertOpenForView(session);
    return payable(session);
  },

  isExpired: (session) => isExpired(session),

  paymentTypes: async (ctx, session, exec) => {
    const own = await ownProductsFor(ctx.providers, session.account_id, session.configuration, exec);
    return resolvePaymentMethods(ctx.providers, session.account_id, session.configuration, undefined, own).map(
      (m) => m.payment_product_type,
    );
  },

  save: (trx, session, change, now) => saveSessionChanges(trx, session, change, now),

  appendEvent: (trx, sessionId, name, opts = {}) => appendSessionEvent(trx, sessionId, name, opts),

  checkNew: async (ctx, actor, draft, meta) =>
    (await validateSessionDraft(ctx, actor, draft, meta)).map((m) => m.payment_product_type),

  insertMerchantInitiated: async (ctx, trx, actor, draft, meta) => {
    await assertReferenceUnique(
      ctx,
      trx,
      actor.accountId,
      draft.order.merchant_reference,
      featureToggles(meta.headers),
    );
    const id = await insertSession(ctx, trx, actor, { ...draft, kind: 'MERCHANT_INITIATED' }, meta);
    return payable(await loadSession(trx, ctx.database, id, { lock: true }));
  },

  includedIn: async (exec, sessionId, includes) => {
    const wantsSession = includes.includes('session') || includes.includes('session.events.latest');
    const wantsHeaders = includes.includes('initiating_system_request_headers');
    if (!wantsSession && !wantsHeaders) return {};
    const sessionRecord = toSessionRecord(
      await exec.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow(),
    );
    const out: Record<string, unknown> = {};
    if (wantsHeaders && sessionRecord.request_headers)
      out.initiating_system_request_headers = sessionRequestHeaders(sessionRecord);
    if (wantsSession) {
      const session = await readSession(exec, sessionRecord);
      out.session = includes.includes('session') ? session : { ...session, events: session.events.slice(-1) };
    }
    return out;
  },
};
