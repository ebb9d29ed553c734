import { expect, test } from '@playwright/test';
import { type Transaction, api, createSession } from './support/api';
import { fillCard, payButton } from './support/checkout-page';
import { CARDS } from './support/constants';
import { useMerchant } from './support/merchant-server';

/**
 * Issue 38 item 2 (ADR 050): the acquirer authorizes and its answer is lost (the sandbox's `silent_authorize`, as a
 * timeout after the acquirer authorized looks). The shopper's page says the payment is being confirmed, never that it
 * failed; the recovery asks the acquirer and finds it AUTHORIZED; the page goes on to the shop by itself, and the
 * merchant gets the callback.
 */
const shop = useMerchant();

const sandboxSwitches = async (configuration: Record<string, unknown>) => {
  const res = await api('PUT', '/v1/admin/gateways/sandbox', {
    token: shop.token,
    body: { configuration: { sandbox: configuration } },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

test('an answer lost after the acquirer authorized: the page says it is being confirmed, then goes on to the shop', async ({
  page,
}) => {
  const before = await api<{ configuration: { sandbox: Record<string, unknown> } }>(
    'GET',
    '/v1/admin/gateways/sandbox',
    {
      token: shop.token,
    },
  );
  await sandboxSwitches({ ...before.body.configuration.sandbox, silent_authorize: true });
  try {
    const session = await createSession(shop.token, {
      return_url: shop.returnUrl(),
      callback_url: `${shop.merchant.origin}/callback`,
    });
    // the page's reads of the session wait until the test has looked at what it says
    let release!: () => void;
    const mayRead = new Promise<void>((resolve) => (release = resolve));
    await page.goto(session.url);
    await page.route(`**/v1/view/${session.id}/session`, async (route) => {
      await mayRead;
      await route.continue();
    });
    await fillCard(page, { number: CARDS.approve });
    await payButton(page).click();
    const status = page.getByRole('status').filter({ hasText: /confirming/i });
    await expect(status).toBeVisible();
    await expect(page.getByText(/fail|declined|not available|already in progress/i)).toHaveCount(0);
    release();

    const transactionId = await shop.returnedTransactionId(page, session.merchantReference);
    const tx = await api<Transaction>('GET', `/v1/transactions/${transactionId}`, { token: shop.token });
    expect(tx.body.status).toBe('AUTHORIZED');
    expect(tx.body.events.filter((e) => e.event === 'AUTHORIZE')).toEqual([expect.objectContaining({ success: true })]);
    await shop.merchant.waitForCallback((c) => new URL(c.url).searchParams.get('transaction_id') === transactionId);
  } finally {
    await sandboxSwitches(before.body.configuration.sandbox);
  }
});
