import { insertRow } from '../db/compiled-once';
import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { assertCallbackUrlAllowed } from '../callbacks/callback-url-policy';
import type { Executor } from '../db/database';
import type { SessionKindColumn } from '../db/schema';
import { AppError } from '../errors/app-error';
import { assertExpressUrlsAllowed } from '../express/assert-express-urls-allowed';
import { addSeconds, nowIso } from '../shared/clock';
import { accountScopedId } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { featureToggles, redactHeaders, systemInfo } from '../shared/request-headers';
import { missingItems, orderAmountMismatch, shippingOptionNotOffered } from '../../domain/order-rules';
import { throwIfRefused } from '../errors/refusal';
import { ownProductsFor, resolvePaymentMethods, type PaymentMethod } from './payment-methods';
import { appendSessionEvent } from './session-events';

export type SessionKind = SessionKindColumn;

export interface SessionDraft {
  url?: { return_url?: string; callback_url?: string; [k: string]: unknown };
  order: {
    amount: number;
    currency: string;
    merchant_reference: string;
    items?: { line_id: string; amount: number }[];
    shipping_option?: { amount: number };
    [k: string]: unknown;
  };
  customer?: { first_name?: string; last_name?: string; email?: string; [k: string]: unknown };
  configuration?: Record<string, unknown>;
  express?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  expires_at?: string;
  kind?: SessionKind;
  profileId?: string;
  tokenProvider?: Record<string, unknown>;
  payment_operation?: string;
  platform_type?: string;
}

/** Every rule a new session must pass, whichever operation creates it. Returns its payment methods. */
export const validateSessionDraft = async (
  ctx: AppContext,
  actor: Actor,
  draft: SessionDraft,
  meta: RequestMeta,
): Promise<PaymentMethod[]> => {
  if (draft.url?.callback_url) assertCallbackUrlAllowed(ctx, actor.accountId, draft.url.callback_url);
  assertExpressUrlsAllowed(ctx, actor.accountId, draft.express);
  if (draft.expires_at && Date.parse(draft.expires_at) <= Date.now()) {
    throw new AppError('INVALID_REQUEST', 'expires_at must be in the future', {
      errors: [{ path: 'expires_at', message: 'must be in the future' }],
    });
  }
  const own = await ownProductsFor(ctx.providers, actor.accountId, draft.configuration ?? {});
  const methods = resolvePaymentMethods(ctx.providers, actor.accountId, draft.configuration ?? {}, undefined, own);
  const product = (type: string) => ctx.providers.product(type) ?? own.find((p) => p.type === type);
  throwIfRefused(missingItems(draft.order, methods, (type) => product(type)?.capabilities.itemBased === true));
  // the one rule the update checks too (update-session.ts): a chosen option is one of those offered
  throwIfRefused(shippingOptionNotOffered(draft.order, draft.express));
  if (featureToggles(meta.headers).has('strict-session-amounts')) throwIfRefused(orderAmountMismatch(draft.order));
  return methods;
};

/** Inserts a validated session and its INITIATED event (with the calling system's headers) in `trx`. */
export const insertSession = async (
  ctx: AppContext,
  trx: Executor,
  actor: Actor,
  draft: SessionDraft,
  meta: RequestMeta,
): Promise<string> => {
  const now = nowIso();
  const id = accountScopedId(actor.accountId);
  const customerName = [draft.customer?.first_name, draft.customer?.last_name].filter(Boolean).join(' ') || null;
  const metadata = draft.profileId ? { ...draft.metadata, 'session:profile_id': draft.profileId } : draft.metadata;
  const headers = redactHeaders(meta.headers);
  await insertRow(trx, 'sessions', {
    id,
    account_id: actor.accountId,
    merchant_reference: draft.order.merchant_reference,
    currency: draft.order.currency,
    amount: draft.order.amount,
    url: toJson(draft.url ?? {}),
    order_data: toJson(draft.order),
    configuration: toJson(draft.configuration ?? {}),
    customer: draft.customer ? toJson(draft.customer) : null,
    express: draft.express ? toJson(draft.express) : null,
    metadata: metadata ? toJson(metadata) : null,
    customer_name: customerName,
    customer_email: draft.customer?.email ?? null,
    merchant_reference_2:
      typeof draft.order.merchant_reference_2 === 'string' ? draft.order.merchant_reference_2 : null,
    expires_at: draft.expires_at
      ? new Date(draft.expires_at).toISOString()
      : addSeconds(now, ctx.env.KASSA_SESSION_TTL_SECONDS),
    transaction_id: null,
    status: 'OPEN',
    cancelled_at: null,
    cancelled_by: null,
    created_at: now,
    updated_at: now,
    version: 1,
    kind: draft.kind ?? 'PAYMENT',
    pay_lock_id: null,
    token_provider: draft.tokenProvider ? toJson(draft.tokenProvider) : null,
    payment_operation: draft.payment_operation ?? null,
    platform_type: draft.platform_type ?? null,
    system_plugin_name: systemInfo(meta.headers).system_plugin_name ?? null,
    profile_id: draft.profileId ?? null,
    request_headers: toJson(headers),
  });
  await appendSessionEvent(trx, id, 'INITIATED', {
    requestId: meta.requestId,
    firstEvent: true,
    requestHeaders: headers,
    details: { created_by: actor.subject, ...systemInfo(meta.headers) },
  });
  return id;
};
