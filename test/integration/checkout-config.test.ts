import { afterAll, describe, expect, it } from 'vitest';
import { checkoutConfigTables } from '../../server/accounts/checkout-config-store';
import type { ApiClient } from '../support/api-client';
import { clientWithScopes, OTHER, useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';
import { cardTransaction } from '../support/transaction-helpers';

/** Issue 27 item 7: the account's checkout configuration, where a merchant sets its country and category code. */
const k = useKassa({ other: true });
const { api, customer, other } = k;

const put = (client: ApiClient, configuration: unknown) =>
  client.request('PUT', '/v1/admin/checkout', { configuration });
const stored = (accountId: string) =>
  checkoutConfigTables(k.db()).selectFrom('checkout_configs').selectAll().where('account_id', '=', accountId).execute();
const metadataOf = async (client: ApiClient) => {
  const { transactionId } = await cardTransaction(client, customer);
  return (await client.get(`/v1/transactions/${transactionId}`)).body.metadata ?? {};
};

const MERCHANT = {
  name: 'Kaffebaren',
  logo_url: 'https://shop.example/logo.png',
  website: 'https://shop.example',
  merchant_category_code: '5814',
  country: 'NO',
};

afterAll(async () => {
  await put(api, {});
  await put(other, {});
});

describe('GET and PUT /v1/admin/checkout', () => {
  it('GET shows what PUT stored; a PUT replaces the whole configuration; the same PUT again changes nothing', async () => {
    const put1 = await put(api, { merchant: MERCHANT });
    expect(put1.status, JSON.stringify(put1.body)).toBe(200);
    expect(put1.body).toMatchObject({ id: ACCOUNT, configuration: { merchant: MERCHANT } });
    const read = await api.get('/v1/admin/checkout');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: ACCOUNT,
      configuration: { merchant: MERCHANT },
      created_by: expect.any(String),
      updated_at: expect.any(String),
    });

    const smaller = { name: 'Kaffebaren', country: 'SE' };
    expect((await put(api, { merchant: smaller })).status).toBe(200);
    expect((await put(api, { merchant: smaller })).status).toBe(200);
    expect((await api.get('/v1/admin/checkout')).body.configuration).toEqual({ merchant: smaller });
    expect(await stored(ACCOUNT)).toHaveLength(1);

    expect((await put(api, {})).status).toBe(200);
    expect((await api.get('/v1/admin/checkout')).body.configuration).toEqual({});
  });

  it("new transactions carry the country and category code; another account's never shows them", async () => {
    await put(other, {});
    expect((await put(api, { merchant: { merchant_category_code: '742', country: 'DK' } })).status).toBe(200);
    expect(await metadataOf(api)).toMatchObject({ merchant_country: 'DK', merchant_category_code: '742' });
    const theirs = await metadataOf(other);
    expect(theirs.merchant_country).toBeUndefined();
    expect(theirs.merchant_category_code).toBeUndefined();
    const theirConfig = await other.get('/v1/admin/checkout');
    expect(theirConfig.body).toMatchObject({ id: OTHER.accountId, configuration: {}, created_by: OTHER.clientId });
    expect(JSON.stringify(theirConfig.body)).not.toContain('742');

    expect((await put(other, { merchant: { country: 'FI', merchant_category_code: '5411' } })).status).toBe(200);
    expect(await metadataOf(other)).toMatchObject({ merchant_country: 'FI', merchant_category_code: '5411' });
    expect(await metadataOf(api)).toMatchObject({ merchant_country: 'DK', merchant_category_code: '742' });
    expect((await api.get('/v1/admin/checkout')).body.configuration.merchant).toEqual({
      merchant_category_code: '742',
      country: 'DK',
    });

    // Cleared: new transactions carry neither.
    await put(api, { merchant: { name: 'No facts' } });
    const cleared = await metadataOf(api);
    expect(cleared.merchant_country).toBeUndefined();
    expect(cleared.merchant_category_code).toBeUndefined();
  });

  it('a bad country, a bad category code or an unknown field is 400 naming the field, and changes nothing', async () => {
    await put(api, { merchant: MERCHANT });
    const before = await stored(ACCOUNT);
    const cases: [unknown, string][] = [
      [{ merchant: { country: 'nor' } }, 'configuration.merchant.country'],
      [{ merchant: { country: 'NOR' } }, 'configuration.merchant.country'],
      [{ merchant: { country: 'N1' } }, 'configuration.merchant.country'],
      [{ merchant: { merchant_category_code: '12345' } }, 'configuration.merchant.merchant_category_code'],
      [{ merchant: { merchant_category_code: '58a' } }, 'configuration.merchant.merchant_category_code'],
      [{ merchant: { merchant_category_code: 5814 } }, 'configuration.merchant.merchant_category_code'],
      [{ merchant: { logo_url: 'javascript:alert(1)' } }, 'configuration.merchant.logo_url'],
      [{ merchant: { email: 'a@shop.example' } }, 'configuration.merchant.email'],
      [
        { merchant: MERCHANT, payment_options: [{ type: 'payex.creditcard', currencies: ['NOK'] }] },
        'configuration.payment_options',
      ],
      [{ merchant: MERCHANT, payout: { payment_products: [] } }, 'configuration.payout'],
    ];
    for (const [configuration, path] of cases) {
      const res = await put(api, configuration);
      expect(res.status, JSON.stringify(configuration)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const refused = await put(api, { merchant: MERCHANT, payment_options: [] });
    expect(refused.body.error.errors[0].message).toMatch(/keeps only `merchant`.*"payment_options"/);
    const noConfiguration = await api.request('PUT', '/v1/admin/checkout', { merchant: MERCHANT });
    expect(noConfiguration.status).toBe(400);
    expect(await stored(ACCOUNT)).toEqual(before);
    expect((await api.get('/v1/admin/checkout')).body.configuration).toEqual({ merchant: MERCHANT });
  });

  it('a read-only client reads but cannot PUT (403); write:checkout:/admin/checkout can', async () => {
    await put(api, { merchant: { country: 'NO' } });
    const reader = await clientWithScopes(k, ['read:checkout']);
    expect((await reader.get('/v1/admin/checkout')).body.configuration).toEqual({ merchant: { country: 'NO' } });
    const refused = await put(reader, { merchant: { country: 'SE' } });
    expect(refused.status).toBe(403);
    expect((await api.get('/v1/admin/checkout')).body.configuration).toEqual({ merchant: { country: 'NO' } });

    const writer = await clientWithScopes(k, ['write:checkout:/admin/checkout']);
    expect((await put(writer, { merchant: { country: 'SE' } })).status).toBe(200);
    expect((await api.get('/v1/admin/checkout')).body.configuration).toEqual({ merchant: { country: 'SE' } });
    const gatewaysOnly = await clientWithScopes(k, ['write:checkout:/admin/gateways']);
    expect((await gatewaysOnly.get('/v1/admin/checkout')).status).toBe(403);
    expect((await customer.get('/v1/admin/checkout')).status).toBe(401);
  });

  it('the sandbox gateway no longer takes the merchant facts', async () => {
    const res = await api.request('PUT', '/v1/admin/gateways/sandbox', {
      configuration: { sandbox: { merchant_country: 'NO', merchant_category_code: '5814' } },
    });
    expect(res.status).toBe(400);
    expect((await api.get('/v1/admin/gateways/sandbox')).body.configuration.sandbox.merchant_country).toBeUndefined();
  });
});
