import { AppError } from '../errors/app-error';
import { isTestAccount } from '../shared/ids';

export interface PaymentMethod {
  payment_product_type: string;
  name: string;
}

/** Provider segments the public API knows; naming one in `configuration` opts out of the default. */
const KNOWN_PROVIDERS = ['sandbox', 'payex', 'bambora', 'collector', 'instabank', 'klarna', 'vipps', 'swish', 'santander', 'dintero_psp', 'netaxept', 'dintero', 'two', 'kravia'];

/** The sandbox's payment types and their names, keyed by the `configuration.sandbox` key that enables each. */
const SANDBOX_TYPES: Record<string, PaymentMethod> = {
  creditcard: { payment_product_type: 'sandbox.creditcard', name: 'Card' },
  invoice: { payment_product_type: 'sandbox.invoice', name: 'Invoice' },
  installment: { payment_product_type: 'sandbox.installment', name: 'Part payment' },
  wallet: { payment_product_type: 'sandbox.wallet', name: 'Sandbox Wallet' },
};

/** `value[key]` of an object from a (loose) configuration; undefined for anything else. */
const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined); // an object with `key` (checked just before) indexed by it

const isEnabled = (value: unknown): boolean => field(value, 'enabled') === true;

/** The countries a type is limited to (`configuration.sandbox.<type>.countries`), if any. */
const countriesOf = (value: unknown): string[] | undefined => {
  const countries = field(value, 'countries');
  return Array.isArray(countries) ? countries.filter((c): c is string => typeof c === 'string') : undefined;
};

/**
 * Which payment methods a session offers, in the merchant's order (the key order of
 * `configuration.sandbox`). The built-in `sandbox` acquirer is the only one this server runs; its
 * card is on by default for test accounts when the configuration names no provider, and it is
 * never available to production accounts. With `viewerCountry`, types limited to other countries
 * are left out, unless that would leave none (ADR 016).
 */
export const resolvePaymentMethods = (accountId: string, configuration: Record<string, unknown> = {}, viewerCountry?: string): PaymentMethod[] => {
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
  const enabled = typeof sandbox === 'object' && sandbox !== null ? Object.entries(sandbox).filter(([key, v]) => Object.hasOwn(SANDBOX_TYPES, key) && isEnabled(v)) : [];
  const keys = named.length === 0 && isTestAccount(accountId) ? [['creditcard', {}] as [string, unknown]] : enabled;
  if (keys.length > 0 && !isTestAccount(accountId)) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', 'The sandbox acquirer is only available to test accounts (T...)', {
      errors: [{ path: 'configuration.sandbox', message: 'not available for production accounts' }],
    });
  }
  if (keys.length === 0) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', 'The session enables no payment method; enable configuration.sandbox.creditcard', {
      errors: [{ path: 'configuration', message: 'no payment method enabled' }],
    });
  }
  const inCountry = keys.filter(([, v]) => !viewerCountry || !countriesOf(v) || countriesOf(v)!.includes(viewerCountry));
  return (inCountry.length > 0 ? inCountry : keys).map(([key]) => SANDBOX_TYPES[key]!);
};
