import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import type { PaymentProduct, PaymentProvider } from './port';

/**
 * Which provider serves a payment product type, and what the product is (ADR 032). Built once per
 * process from the providers; the only place that maps a type to its provider. Types are
 * `<segment>.<product>`: a provider's static `products` are known by type (and their aliases); a
 * provider with products per account (`productsFor`, the payment apps) serves every type of its segment.
 */
export interface ProviderRegistry {
  /** Every static product, in the order the providers declare them. */
  products(): readonly PaymentProduct[];
  /** The static product of `type` (or of one of its aliases); undefined when none is. */
  product(type: string): PaymentProduct | undefined;
  /** The provider of `type`; AppError PAYMENT_PRODUCT_NOT_ENABLED when no provider serves it. */
  providerFor(type: string): PaymentProvider;
  /** The static products and the account's own (payment apps), for offering them on a session. */
  productsFor(accountId: string, exec?: Executor): Promise<readonly PaymentProduct[]>;
  /** The product of `type` for this account (static, else the provider of its segment asked); throws like `providerFor`. */
  productFor(accountId: string, type: string, exec?: Executor): Promise<PaymentProduct>;
  /** The product a test account's session offers when its configuration names no provider. */
  readonly defaultProduct: PaymentProduct;
  /** The segments whose products exist per account (`payment_app`): a configuration naming one reads the account's products. */
  accountSegments(): readonly string[];
}

const unknownType = (type: string) =>
  new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `No payment provider serves the payment product type "${type}"`, {
    errors: [{ path: 'payment_product_type', message: 'unknown payment product type' }],
  });

const segmentOf = (type: string): string => type.split('.', 1)[0]!;

export const createProviderRegistry = (
  providers: readonly PaymentProvider[],
  opts: { defaultType: string },
): ProviderRegistry => {
  const byType = new Map<string, { product: PaymentProduct; provider: PaymentProvider }>();
  const bySegment = new Map<string, PaymentProvider>();
  for (const provider of providers) {
    for (const product of provider.products) {
      for (const type of [product.type, ...(product.aliases ?? [])]) {
        if (byType.has(type)) throw new Error(`Two providers serve ${type}`);
        byType.set(type, { product, provider });
      }
    }
    if (provider.productsFor) {
      if (bySegment.has(provider.name)) throw new Error(`Two providers serve the segment ${provider.name}`);
      bySegment.set(provider.name, provider);
    }
  }
  const products = [...new Set([...byType.values()].map((e) => e.product))];
  const accountSegments = [...bySegment.keys()];
  const defaultProduct = byType.get(opts.defaultType)?.product;
  if (!defaultProduct) throw new Error(`No provider serves the default product ${opts.defaultType}`);

  const providerFor = (type: string): PaymentProvider => {
    const provider = byType.get(type)?.provider ?? bySegment.get(segmentOf(type));
    if (!provider) throw unknownType(type);
    return provider;
  };
  return {
    products: () => products,
    product: (type) => byType.get(type)?.product,
    providerFor,
    async productsFor(accountId, exec) {
      const own = await Promise.all([...bySegment.values()].map((p) => p.productsFor!(accountId, exec)));
      return [...products, ...own.flat()];
    },
    async productFor(accountId, type, exec) {
      const found =
        byType.get(type)?.product ?? (await bySegment.get(segmentOf(type))?.productFor?.(accountId, type, exec));
      if (!found) throw unknownType(type);
      return found;
    },
    defaultProduct,
    accountSegments: () => accountSegments,
  };
};
