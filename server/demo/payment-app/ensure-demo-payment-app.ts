import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { configurePaymentApp } from '../../providers/payment-app/configure-payment-app';
import { readPaymentApp, type PaymentAppConfig } from '../../providers/payment-app/payment-app-config';

/** The demo merchant's reference app: `payment_app.demo`. */
export const DEMO_APP_NAME = 'demo';

export const demoPaymentAppConfig = (baseUrl: string): PaymentAppConfig => ({
  enabled: true,
  url: `${baseUrl}/demo/payment-app`,
  display_name: 'Demo payment app',
  kind: 'redirect',
  capabilities: {
    partial_capture: true,
    partial_void: false,
    item_based: false,
    refunds: true,
    customer_action: true,
    async_operations: true,
  },
  timeout_ms: 10_000,
});

/**
 * Configures the reference app (served by this process under /demo/payment-app) for the demo
 * merchant, at its public origin, when it is missing or at another origin. The account must have its
 * signing secret already. Where the URL policy refuses this server's own address for the account
 * (KASSA_ALLOW_PRIVATE_CALLBACKS=false on a private address), the store goes without the app.
 */
export const ensureDemoPaymentApp = async (ctx: AppContext, actor: Actor, baseUrl: string): Promise<boolean> => {
  const wanted = demoPaymentAppConfig(baseUrl);
  const current = await readPaymentApp(ctx.database.db, actor.accountId, DEMO_APP_NAME);
  if (current?.url === wanted.url) return true;
  try {
    await configurePaymentApp(ctx, actor, DEMO_APP_NAME, wanted);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.code === 'INVALID_CALLBACK_URL') return false;
    throw e;
  }
};
