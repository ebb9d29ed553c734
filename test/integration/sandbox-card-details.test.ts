import { afterAll, describe, expect, it } from 'vitest';
import { futureExpiryDate, type ApiClient } from '../support/api-client';
import { cardTransaction, reference, setGateway } from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

/** Issue 27 items 6 and 14: what the sandbox acquirer knows of a card, and the card's token ids and consent. */
const { api, customer, other } = useKassa({ other: true });

const merchantCountry = async (country: string | undefined, client: ApiClient = api) => {
  const res = await client.request('PUT', '/v1/admin/checkout', {
    configuration: country ? { merchant: { country } } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const cardOf = async (number: string) => {
  const { transactionId, pay } = await cardTransaction(api, customer, { card: number });
  expect(pay.success, JSON.stringify(pay)).toBe(true);
  const tx = (await api.get(`/v1/transactions/${transactionId}`)).body;
  expect(tx.status).toBe('AUTHORIZED');
  return tx.card;
};

afterAll(async () => {
  await merchantCountry(undefined);
  await merchantCountry(undefined, other);
});

describe('the sandbox test cards', () => {
  it.each([
    ['4000005780000007', 'Visa', 'NOR', 'domestic', 'consumer', 'Sandbox Sparebank'],
    ['4000007520000008', 'Visa', 'SWE', 'eea', 'consumer', 'Sandbox Bank Sverige'],
    ['4000008260000000', 'Visa', 'GBR', 'eea-uk', 'consumer', 'Sandbox Bank UK'],
    ['4000007560000009', 'Visa', 'CHE', 'europe', 'consumer', 'Sandbox Bank Schweiz'],
    ['4000008400000001', 'Visa', 'USA', 'inter', 'consumer', 'Sandbox Bank US'],
    ['5222222222222227', 'MasterCard', 'NOR', 'domestic', 'commercial', 'Sandbox Næringsbank'],
  ])('%s is approved with its issuer: %s, %s, %s, %s', async (number, brand, country, region, platform, bank) => {
    await merchantCountry(undefined); // Norway
    expect(await cardOf(number)).toEqual({
      brand,
      masked_pan: `${'*'.repeat(12)}${number.slice(-4)}`,
      expiry_date: futureExpiryDate(),
      type: 'Credit',
      country,
      issuing_bank: bank,
      product_platform: platform,
      region,
      card_holder_tokenization_consent: 'opt_out',
    });
  });

  it("the region is seen from the account's merchant country, and never from another account's", async () => {
    await merchantCountry('GB');
    await merchantCountry(undefined, other);
    expect((await cardOf('4000008260000000')).region).toBe('domestic');
    expect((await cardOf('4000005780000007')).region).toBe('eea-uk');
    expect((await cardOf('4000007560000009')).region).toBe('europe');
    const theirs = await cardTransaction(other, customer, { card: '4000008260000000' });
    expect((await other.get(`/v1/transactions/${theirs.transactionId}`)).body.card.region).toBe('eea-uk');
    await merchantCountry('SE');
    expect((await cardOf('4000005780000007')).region).toBe('eea');
    await merchantCountry('US');
    expect((await cardOf('4000005780000007')).region).toBe('inter');
    // The sandbox gateway's own switches leave the country alone.
    await setGateway(api, {});
    expect((await cardOf('4000005780000007')).region).toBe('inter');
    await merchantCountry(undefined);
  });

  it('keep their outcomes; 4111 1111 1111 1111 is a Norwegian consumer card; an unknown number has no issuer', async () => {
    expect(await cardOf('4111111111111111')).toMatchObject({ country: 'NOR', region: 'domestic' });
    const declined = await cardTransaction(api, customer, { card: '4000000000000002' });
    expect(declined.pay.success).toBe(false);
    expect((await api.get(`/v1/transactions/${declined.transactionId}`)).body).toMatchObject({
      status: 'DECLINED',
      card: { country: 'NOR', product_platform: 'consumer' },
    });
    const unknown = await cardOf('4242424242424242');
    for (const key of ['country', 'issuing_bank', 'product_platform', 'region'])
      expect(unknown[key], key).toBeUndefined();
    expect(unknown.card_holder_tokenization_consent).toBe('opt_out');
  });
});

describe('payment_token_id, recurrence_token_id and card_holder_tokenization_consent', () => {
  it('a saved card shows the ids of its tokens (never the tokens) and opt_in; paying with it keeps its issuer', async () => {
    const created = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://merchant.example/saved' },
        order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
        customer: { customer_id: reference('c') },
      },
      token_provider: {
        payment_product_type: 'sandbox.creditcard',
        token_types: ['payment_token', 'recurrence_token'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const saved = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: '4000007520000008', expiry: '12/39', cvc: '123' },
      },
    });
    const id = saved.body.transaction_id as string;
    const plain = (await api.get(`/v1/transactions/${id}`)).body.card;
    expect(plain).toMatchObject({
      country: 'SWE',
      region: 'eea',
      card_holder_tokenization_consent: 'opt_in',
      payment_token_id: expect.stringMatching(/^ptid_[0-9a-f]{24}$/),
      recurrence_token_id: expect.stringMatching(/^rtid_[0-9a-f]{24}$/),
    });
    expect(plain.payment_token).toBeUndefined();
    const withTokens = (await api.get(`/v1/transactions/${id}?includes=card.payment_token,card.recurrence_token`)).body
      .card;
    expect(JSON.stringify(plain)).not.toContain(withTokens.payment_token);
    expect(JSON.stringify(plain)).not.toContain(withTokens.recurrence_token);
    // The id is the customer's stored card's token_id.
    const stored = await api.get(`/v1/card-tokens/${plain.payment_token_id}`);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({ token_id: plain.payment_token_id, transaction_id: id });
    // Stable: the same token has the same id on every read, and the list shows it too.
    expect((await api.get(`/v1/transactions?ids=${id}`)).body[0].card.payment_token_id).toBe(plain.payment_token_id);

    const mit = await api.post('/v1/sessions/pay', {
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: reference() },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: withTokens.payment_token } } },
      },
      payment: { payment_product_type: 'sandbox.creditcard', operation: 'unscheduled_purchase' },
    });
    expect(mit.status, JSON.stringify(mit.body)).toBe(200);
    expect(mit.body.card).toMatchObject({
      country: 'SWE',
      region: 'eea',
      issuing_bank: 'Sandbox Bank Sverige',
      card_holder_tokenization_consent: 'opt_out',
    });
  });
});
