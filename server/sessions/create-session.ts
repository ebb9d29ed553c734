import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { inTransaction } from '../db/tx';
import { addSeconds, nowIso } from '../shared/clock';
import { accountScopedId } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { assertCallbackUrlAllowed } from '../callbacks/callback-url-policy';
import { appendSessionEvent } from './session-events';
import { resolvePaymentMethods } from './payment-methods';
import type { CreateSessionInput } from './session-schemas';

export interface CreatedSession {
  id: string;
  url: string;
}

export const checkoutUrlFor = (baseUrl: string, sessionId: string): string => `${baseUrl}/v1/view/${sessionId}`;

export const createSession = async (ctx: AppContext, actor: Actor, input: CreateSessionInput, meta: RequestMeta): Promise<CreatedSession> => {
  const now = nowIso();
  if (input.expires_at && Date.parse(input.expires_at) <= Date.parse(now)) {
    throw new AppError('INVALID_REQUEST', 'expires_at must be in the future', { errors: [{ path: 'expires_at', message: 'must be in the future' }] });
  }
  const configuration = input.configuration ?? {};
  resolvePaymentMethods(actor.accountId, configuration);
  if (input.url.callback_url) assertCallbackUrlAllowed(ctx, actor.accountId, input.url.callback_url);

  const id = accountScopedId(actor.accountId);
  const customerName = [input.customer?.first_name, input.customer?.last_name].filter(Boolean).join(' ') || null;
  await inTransaction(ctx.database, async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        id,
        account_id: actor.accountId,
        merchant_reference: input.order.merchant_reference,
        currency: input.order.currency,
        amount: input.order.amount,
        url: toJson(input.url),
        order_data: toJson(input.order),
        configuration: toJson(configuration),
        customer: input.customer ? toJson(input.customer) : null,
        express: input.express ? toJson(input.express) : null,
        metadata: input.metadata ? toJson(input.metadata) : null,
        customer_name: customerName,
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : addSeconds(now, ctx.env.KASSA_SESSION_TTL_SECONDS),
        transaction_id: null,
        status: 'OPEN',
        cancelled_at: null,
        cancelled_by: null,
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .execute();
    await appendSessionEvent(trx, id, 'INITIATED', { requestId: meta.requestId, firstEvent: true, details: { created_by: actor.subject } });
  });
  return { id, url: checkoutUrlFor(meta.baseUrl, id) };
};
