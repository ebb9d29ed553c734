import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import type { PaymentProduct, PaymentProvider } from '../../server/providers/port';
import { createProviderRegistry } from '../../server/providers/registry';
import { SANDBOX_DEFAULT_TYPE, sandboxProviders } from '../../server/providers/sandbox';
import { createGiftCardsOnly } from '../../server/providers/gift-cards/gift-cards-only';

/** The sandbox's providers need a database only when they are called; the registry never calls them. */
const sandbox = () => [...sandboxProviders({} as Database), createGiftCardsOnly()];

const appProduct: PaymentProduct = {
  type: 'payment_app.acme',
  name: 'Acme Pay',
  kind: 'redirect',
  capabilities: {
    partialCapture: true,
    partialVoid: false,
    itemBased: false,
    refunds: true,
    tokenization: false,
    customerAction: true,
    asyncOperations: true,
    authorizationUpdate: false,
  },
};
/** A provider with products per account (as the payment apps are): only account T1 has `payment_app.acme`. */
const perAccount = {
  name: 'payment_app',
  products: [],
  productsFor: async (accountId: string) => (accountId === 'T1' ? [appProduct] : []),
} as unknown as PaymentProvider;
perAccount.productFor = async (accountId, type) =>
  (await perAccount.productsFor!(accountId)).find((p) => p.type === type);

describe('the provider registry', () => {
  it('maps each sandbox type, and the gift cards with their dintero. spelling, to the provider that declares it', () => {
    const registry = createProviderRegistry(sandbox(), { defaultType: SANDBOX_DEFAULT_TYPE });
    expect(registry.products().map((p) => [p.type, p.kind])).toEqual([
      ['sandbox.creditcard', 'card'],
      ['sandbox.invoice', 'invoice'],
      ['sandbox.installment', 'installment'],
      ['sandbox.wallet', 'wallet'],
      ['kassa.wallets', 'gift_cards'],
    ]);
    for (const product of registry.products()) expect(registry.providerFor(product.type).products).toContain(product);
    expect(registry.product('dintero.wallets')?.type).toBe('kassa.wallets');
    expect(registry.providerFor('dintero.wallets')).toBe(registry.providerFor('kassa.wallets'));
    expect(registry.defaultProduct.type).toBe('sandbox.creditcard');
    expect(registry.product('sandbox.creditcard')?.capabilities).toMatchObject({
      partialVoid: true,
      itemBased: false,
      tokenization: true,
    });
    expect(registry.product('sandbox.invoice')?.capabilities).toMatchObject({ partialVoid: false, itemBased: true });
  });

  it('refuses a type no provider serves with a clear error, and knows no product for it', async () => {
    const registry = createProviderRegistry(sandbox(), { defaultType: SANDBOX_DEFAULT_TYPE });
    expect(registry.product('sandbox.nothing')).toBeUndefined();
    expect(() => registry.providerFor('sandbox.nothing')).toThrow(
      expect.objectContaining({
        code: 'PAYMENT_PRODUCT_NOT_ENABLED',
        message: expect.stringContaining('sandbox.nothing'),
      }),
    );
    await expect(registry.productFor('T1', 'acme.pay')).rejects.toMatchObject({ code: 'PAYMENT_PRODUCT_NOT_ENABLED' });
  });

  it("asks a provider with products per account for its segment's types", async () => {
    const registry = createProviderRegistry([...sandbox(), perAccount], { defaultType: SANDBOX_DEFAULT_TYPE });
    expect(registry.providerFor('payment_app.acme')).toBe(perAccount);
    expect(registry.product('payment_app.acme')).toBeUndefined(); // not a static product
    expect(await registry.productFor('T1', 'payment_app.acme')).toBe(appProduct);
    await expect(registry.productFor('T2', 'payment_app.acme')).rejects.toMatchObject({
      code: 'PAYMENT_PRODUCT_NOT_ENABLED',
    });
    expect((await registry.productsFor('T1')).map((p) => p.type)).toEqual([
      ...registry.products().map((p) => p.type),
      'payment_app.acme',
    ]);
    expect(await registry.productsFor('T2')).toEqual(registry.products());
  });

  it('will not be built with two providers of one type, or without its default product', () => {
    expect(() => createProviderRegistry([...sandbox(), ...sandbox()], { defaultType: SANDBOX_DEFAULT_TYPE })).toThrow(
      /Two providers serve sandbox.creditcard/,
    );
    expect(() => createProviderRegistry(sandbox(), { defaultType: 'sandbox.nothing' })).toThrow(/default product/);
  });
});
