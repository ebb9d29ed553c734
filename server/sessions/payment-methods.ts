import { AppError } from '../errors/app-error';
import { isTestAccount } from '../shared/ids';

export interface PaymentMethod {
  payment_product_type: string;
  name: string;
}

/** Provider segments the public API knows; naming one in `configuration` opts out of the default. */
const KNOWN_PROVIDERS = ['sandbox', 'payex', 'bambora', 'collector', 'instabank', 'klarna', 'vipps', 'swish', 'santander', 'dintero_psp', 'netaxept', 'dintero', 'two', 'kravia'];

const SANDBOX_CARD: PaymentMethod = { payment_product_type: 'sandbox.creditcard', name: 'Card' };
const SANDBOX_INVOICE: PaymentMethod = { payment_product_type: 'sandbox.invoice', name: 'Invoice' };

/** `value[key]` of an object from a (loose) configuration; undefined for anything else. */
const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined); // an object with `key` (checked just before) indexed by it

const isEnabled = (value: unknown): boolean => field(value, 'enabled') === true;

/**
 * Which payment methods a session offers. The built-in `sandbox` acquirer is the
 * only one this server runs; it is on by default for test accounts when the
 * configuration names no provider, and it is never available to production accounts.
 */
export const resolvePaymentMethods = (accountId: string, configuration: Record<string, unknown> = {}): PaymentMethod[] => {
  const named = KNOWN_PROVIDERS.filter((p) => p in configuration);
  for (const provider of named.filter((p) => p !== 'sandbox')) {
    const sub = configuration[provider];
    const enabledTypes = typeof sub === 'object' && sub !== null ? Object.entries(sub).filter(([, v]) => isEnabled(v)) : [];
    if (enabledTypes.length > 0) {
      throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `Payment provider "${provider}" is not available on this server; use "sandbox"`, {
        errors: [{ path: `configuration.${provider}`, message: 'provider not available' }],
      });
    }
  }
  const sandbox = configuration.sandbox;
  const wantsInvoice = isEnabled(field(sandbox, 'invoice'));
  const wantsCard = named.length === 0 ? isTestAccount(accountId) : isEnabled(field(sandbox, 'creditcard'));
  const wantsSandbox = wantsCard || wantsInvoice;
  if (wantsSandbox && !isTestAccount(accountId)) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', 'The sandbox acquirer is only available to test accounts (T...)', {
      errors: [{ path: 'configuration.sandbox', message: 'not available for production accounts' }],
    });
  }
  if (!wantsSandbox) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', 'The session enables no payment method; enable configuration.sandbox.creditcard', {
      errors: [{ path: 'configuration', message: 'no payment method enabled' }],
    });
  }
  return [...(wantsCard ? [SANDBOX_CARD] : []), ...(wantsInvoice ? [SANDBOX_INVOICE] : [])];
};
