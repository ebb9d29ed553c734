import type { PaymentKind, PaymentMethod, PaymentMethodKinds } from '../../domain/view-types';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import type { PaymentProduct } from '../providers/port';
import type { ProviderRegistry } from '../providers/registry';
import { isTestAccount } from '../shared/ids';

export type { PaymentMethod };

/** Provider segments the public API knows; naming one in `configuration` opts out of the default. */
const KNOWN_PROVIDERS = [
  'sandbox',
  'payex',
  'bambora',
  'collector',
  'instabank',
  'klarna',
  'vipps',
  'swish',
  'santander',
  'dintero_psp',
  'netaxept',
  'dintero',
  'two',
  'kravia',
];

/** `value[key]` of an object from a (loose) configuration; undefined for anything else. */
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined; // an object with `key` (checked just before) indexed by it

const isEnabled = (value: unknown): boolean => field(value, 'enabled') === true;

/** The countries a type is limited to (`configuration.<provider>.<type>.countries`), if any. */
const countriesOf = (value: unknown): string[] | undefined => {
  const countries = field(value, 'countries');
  return Array.isArray(countries) ? countries.filter((c): c is string => typeof c === 'string') : undefined;
};

const segmentOf = (type: string): string => type.slice(0, type.indexOf('.'));

/**
 * The registry's products a configuration may enable, the provider segments it serves (its products' and
 * the per-account ones: payment apps) and every segment a configuration may name: worked out once per
 * registry, not on each of the session's reads.
 */
const catalogs = new WeakMap<
  ProviderRegistry,
  { offered: PaymentProduct[]; served: ReadonlySet<string>; segments: readonly string[] }
>();
const catalogOf = (providers: ProviderRegistry) => {
  let catalog = catalogs.get(providers);
  if (!catalog) {
    const offered = providers.products().filter((p) => p.kind !== 'gift_cards');
    const served = new Set([...offered.map((p) => segmentOf(p.type)), ...providers.accountSegments()]);
    catalogs.set(providers, (catalog = { offered, served, segments: [...new Set([...KNOWN_PROVIDERS, ...served])] }));
  }
  return catalog;
};

/**
 * The account's own products (payment apps) a configuration may enable: read (through `exec`) only when
 * it names their provider, so a session of the built-in providers costs no query.
 */
export const ownProductsFor = async (
  providers: ProviderRegistry,
  accountId: string,
  configuration: Record<string, unknown> = {},
  exec?: Executor,
): Promise<readonly PaymentProduct[]> =>
  providers.accountSegments().some((s) => s in configuration)
    ? (await providers.productsFor(accountId, exec)).filter((p) => !providers.product(p.type))
    : [];

/** A product as the page offers it: its type and name (its kind goes beside it, in `payment_method_kinds`). */
const methodOf = (product: PaymentProduct): PaymentMethod => ({
  payment_product_type: product.type,
  name: product.name,
});

/** The form the page shows for a product (gift cards are never offered on their own). */
const kindOf = (product: PaymentProduct): PaymentKind => (product.kind === 'gift_cards' ? 'card' : product.kind);

/**
 * Which payment methods a session offers, in the merchant's order (the key order of
 * `configuration.<provider>`, keys naming the registry's products `<provider>.<key>`). With no
 * provider named, a test account's session offers the registry's default product (the sandbox card);
 * a provider the registry does not serve is refused, and so are test-only products (the sandbox) for
 * production accounts. With `viewerCountry`, types limited to other countries are left out, unless
 * that would leave none (ADR 016).
 */
const resolveProducts = (
  providers: ProviderRegistry,
  accountId: string,
  configuration: Record<string, unknown> = {},
  viewerCountry?: string,
  /** The account's own products (ownProductsFor), when its configuration names their provider. */
  own: readonly PaymentProduct[] = [],
): PaymentProduct[] => {
  const { offered: builtIn, served, segments } = catalogOf(providers);
  const offered = own.length ? [...builtIn, ...own] : builtIn;
  const named = segments.filter((p) => p in configuration);
  const enabled: [PaymentProduct, unknown][] = [];
  for (const provider of named) {
    const sub = configuration[provider];
    const entries = typeof sub === 'object' && sub !== null ? Object.entries(sub).filter(([, v]) => isEnabled(v)) : [];
    if (!served.has(provider)) {
      if (entries.length === 0) continue;
      throw new AppError(
        'PAYMENT_PRODUCT_NOT_ENABLED',
        `Payment provider "${provider}" is not available on this server; use "${segmentOf(providers.defaultProduct.type)}"`,
        {
          errors: [{ path: `configuration.${provider}`, message: 'provider not available' }],
        },
      );
    }
    for (const [key, value] of entries) {
      const product = offered.find((p) => p.type === `${provider}.${key}`);
      if (product) enabled.push([product, value]);
    }
  }
  const chosen =
    named.length === 0 && isTestAccount(accountId)
      ? [[providers.defaultProduct, {}] as [PaymentProduct, unknown]]
      : enabled;
  const testOnly = chosen.find(([p]) => p.testOnly);
  if (testOnly && !isTestAccount(accountId)) {
    const provider = segmentOf(testOnly[0].type);
    throw new AppError(
      'PAYMENT_PRODUCT_NOT_ENABLED',
      `The ${provider} acquirer is only available to test accounts (T...)`,
      {
        errors: [{ path: `configuration.${provider}`, message: 'not available for production accounts' }],
      },
    );
  }
  if (chosen.length === 0) {
    throw new AppError(
      'PAYMENT_PRODUCT_NOT_ENABLED',
      `The session enables no payment method; enable configuration.${providers.defaultProduct.type}`,
      {
        errors: [{ path: 'configuration', message: 'no payment method enabled' }],
      },
    );
  }
  const inCountry = chosen.filter(
    ([, v]) => !viewerCountry || !countriesOf(v) || countriesOf(v)!.includes(viewerCountry),
  );
  return (inCountry.length > 0 ? inCountry : chosen).map(([product]) => product);
};

type ResolveArgs = Parameters<typeof resolveProducts>;

/** Which payment methods a session offers (see resolveProducts), as the view lists them. */
export const resolvePaymentMethods = (...args: ResolveArgs): PaymentMethod[] => resolveProducts(...args).map(methodOf);

/**
 * What the checkout view says of the methods a session offers (see resolveProducts): `payment_methods`,
 * and beside them `payment_method_kinds`, the kind of each by its type (which form the page shows).
 */
export const resolveViewPaymentMethods = (
  ...args: ResolveArgs
): { payment_methods: PaymentMethod[]; payment_method_kinds: PaymentMethodKinds } => {
  const products = resolveProducts(...args);
  return {
    payment_methods: products.map(methodOf),
    payment_method_kinds: Object.fromEntries(products.map((p) => [p.type, kindOf(p)])),
  };
};
