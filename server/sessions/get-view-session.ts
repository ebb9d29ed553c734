import type { AppContext, RequestMeta } from '../app-context';
import { compiledOnce } from '../db/compiled-once';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { isTestAccount } from '../shared/ids';
import { ownProductsFor, resolveViewPaymentMethods } from './payment-methods';
import { savedCardsOf } from '../payments';
import type { SessionVisitor } from './session-visitor';
import { appendSessionEvent } from './session-events';
import { loadSession, lockSessionRow, type SessionRecord } from './session-repository';
import { assertOpenForView } from './session-availability';
import type { ViewSession } from './session-schemas';
import { amountDue } from '../../domain/express-order';
import { differentBillingAllowed } from '../../domain/billing-address';
import { discountCodesEnabled, maxDiscountCodes } from '../express/express-settings';

/**
 * Issue 24: a page load without the checkout cookie records VISITED with its request headers; anyone with the
 * session id can load it without one, so only the first this many are recorded (the page is answered as ever).
 */
export const VISITS_RECORDED_PER_SESSION = 20;

export const accountName = compiledOnce((exec, id: string) =>
  exec.selectFrom('accounts').select(['id', 'name']).where('id', '=', id),
);

/** `afterWrite`: the answer to a customer write that committed (the session may be paying by now). */
export interface ViewSessionOptions {
  firstVisit?: boolean;
  meta?: RequestMeta;
  viewerCountry?: string;
  afterWrite?: boolean;
  /** Who opened the page (recorded on VISITED; the merchant's session read shows the latest). */
  visitor?: SessionVisitor;
}

/** The session the view reads; any failure to read it is the view's SESSION_NOT_FOUND. */
export const loadViewSessionRow = (ctx: AppContext, sessionId: string): Promise<SessionRecord> =>
  loadSession(ctx.database.db, ctx.database, sessionId).catch((e: unknown) => {
    throw e instanceof AppError ? e : new AppError('SESSION_NOT_FOUND', 'Session not found');
  });

/**
 * The masked session the hosted checkout page renders: no callback URL, metadata or
 * customer tokens. The first load in a browser (`firstVisit`) records VISITED.
 */
export const getViewSession = async (
  ctx: AppContext,
  sessionId: string,
  opts: ViewSessionOptions = {},
): Promise<ViewSession> => viewSessionOf(ctx, await loadViewSessionRow(ctx, sessionId), opts);

/** `getViewSession` for a session already read (`loadViewSessionRow`). */
export const viewSessionOf = async (
  ctx: AppContext,
  row: SessionRecord,
  opts: ViewSessionOptions = {},
): Promise<ViewSession> => {
  if (!opts.afterWrite) assertOpenForView(row);
  if (opts.firstVisit) {
    await inTransaction(ctx.database, async (trx) => {
      await lockSessionRow(trx, ctx.database, row.id);
      const recorded = await trx
        .selectFrom('session_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('session_id', '=', row.id)
        .where('name', '=', 'VISITED')
        .executeTakeFirst();
      if (Number(recorded?.n ?? 0) < VISITS_RECORDED_PER_SESSION)
        await appendSessionEvent(trx, row.id, 'VISITED', {
          meta: opts.meta,
          ...(opts.visitor ? { details: { ...opts.visitor } } : {}),
        });
    });
  }
  const { url, express } = row;
  const savedCards = await savedCardsOf(ctx, row);
  const contact = { ...contactOf(row.customer), ...(savedCards.length ? { saved_cards: savedCards } : {}) };
  // Unchanged from before the typed record: only merchant-initiated sessions (paid in one API call,
  // never sent to the page) may lack a return_url; for them this field would be absent.
  const returnUrl = url.return_url!;
  const [account] = await accountName(ctx.database.db, row.account_id);
  if (!account) throw new AppError('SESSION_NOT_FOUND', 'Session not found');
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    version: String(row.version),
    ...(row.tokenProvider ? { token_provider: row.tokenProvider } : {}),
    ...(row.pay_lock_id ? { pay_lock: { pay_lock_id: row.pay_lock_id } } : {}),
    url: { return_url: returnUrl, ...(url.merchant_terms_url ? { merchant_terms_url: url.merchant_terms_url } : {}) },
    order: row.order,
    amount_due: amountDue(row.order),
    ...(Object.keys(contact).length ? { customer: contact } : {}),
    ...(express ? { express: viewExpress(row, express) } : {}),
    configuration: {
      ...resolveViewPaymentMethods(
        ctx.providers,
        row.account_id,
        row.configuration,
        opts.viewerCountry,
        await ownProductsFor(ctx.providers, row.account_id, row.configuration),
      ),
      merchant: viewMerchant(row, account),
      theme: viewTheme(row.configuration.theme),
      test_mode: isTestAccount(row.account_id),
      ...(row.configuration.allow_different_billing_shipping_address !== undefined
        ? { allow_different_billing_shipping_address: differentBillingAllowed(row.configuration, row.express) }
        : {}),
    },
  };
};

/** Who the shopper pays: the session's (or its profile's) merchant name and logo, else the account's name. */
export const viewMerchant = (
  row: SessionRecord,
  account: { id: string; name: string },
): ViewSession['configuration']['merchant'] => ({
  id: account.id,
  name: row.configuration.merchant?.name ?? account.name,
  ...(row.configuration.merchant?.logo_url ? { logo_url: row.configuration.merchant.logo_url } : {}),
});

/** The merchant's theme as the page applies it; dark mode follows the device unless the theme says otherwise. */
export const viewTheme = (theme: SessionRecord['configuration']['theme']): ViewSession['configuration']['theme'] => ({
  ...(theme?.primary ? { primary: theme.primary } : {}),
  ...(theme?.backdrop ? { backdrop: theme.backdrop } : {}),
  color_scheme: theme?.color_scheme ?? (theme?.backdrop ? 'light' : 'auto'),
});

/** Express options without the merchant's callback URLs. */
const viewExpress = (
  row: SessionRecord,
  express: NonNullable<SessionRecord['express']>,
): NonNullable<ViewSession['express']> => ({
  shipping_options: express.shipping_options ?? [],
  shipping_mode: express.shipping_mode ?? 'shipping_required',
  shipping_address_callback: express.shipping_address_callback_url !== undefined,
  ...(discountCodesEnabled(express, row.configuration)
    ? { discount_codes: { max_count: maxDiscountCodes(express) } }
    : {}),
  customer_types: express.customer_types ?? ['b2c', 'b2b'],
});

/** The contact details the merchant gave, for prefilling the form (never tokens or ids). */
const contactOf = (customer: SessionRecord['customer']): ViewSession['customer'] | undefined => {
  if (!customer) return undefined;
  const picked = Object.fromEntries(
    (['email', 'phone_number', 'first_name', 'last_name'] as const).flatMap((k) =>
      typeof customer[k] === 'string' ? [[k, customer[k]]] : [],
    ),
  );
  return Object.keys(picked).length > 0 ? picked : undefined;
};
