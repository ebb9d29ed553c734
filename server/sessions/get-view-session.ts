import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { isTestAccount } from '../shared/ids';
import { resolvePaymentMethods } from './payment-methods';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';
import { sessionNotAvailable, unavailableCause } from './session-availability';
import type { ViewSession } from './session-schemas';

/**
 * The masked session the hosted checkout page renders: no callback URL, metadata or
 * customer tokens. The first load in a browser (`firstVisit`) records VISITED.
 */
export const getViewSession = async (ctx: AppContext, sessionId: string, opts: { firstVisit?: boolean; meta?: RequestMeta } = {}): Promise<ViewSession> => {
  const row = await loadSession(ctx.database.db, ctx.database, sessionId).catch((e: unknown) => {
    throw e instanceof AppError ? e : new AppError('SESSION_NOT_FOUND', 'Session not found');
  });
  const cause = unavailableCause(row);
  if (cause) throw sessionNotAvailable(row, cause);
  if (opts.firstVisit) {
    await inTransaction(ctx.database, async (trx) => {
      await loadSession(trx, ctx.database, row.id, { lock: true });
      await appendSessionEvent(trx, row.id, 'VISITED', { meta: opts.meta });
    });
  }
  const { url } = row;
  // Unchanged from before the typed record: only merchant-initiated sessions (paid in one API call,
  // never sent to the page) may lack a return_url; for them this field would be absent.
  const returnUrl = url.return_url!;
  const account = await ctx.database.db.selectFrom('accounts').select(['id', 'name']).where('id', '=', row.account_id).executeTakeFirstOrThrow();
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
    configuration: {
      payment_methods: resolvePaymentMethods(row.account_id, row.configuration),
      merchant: { id: account.id, name: account.name },
      test_mode: isTestAccount(row.account_id),
    },
  };
};
