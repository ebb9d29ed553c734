import { expect, test, type Page } from '@playwright/test';
import { api, createSession, type Transaction } from './support/api';
import { fillCard, holdScripts, payButton } from './support/checkout-page';
import { CARDS } from './support/constants';
import { useMerchant } from './support/merchant-server';

/**
 * The page is complete before its script runs (ADR 018). What a shopper does in that moment is kept:
 * the page's script is held back here until the test has typed and clicked, then let through.
 */
const shop = useMerchant();

/** A session of the shop paying with `types` enabled (the sandbox card unless told), with `extra` in its body. */
const sessionOf = (types: Record<string, { enabled: boolean }> = { creditcard: { enabled: true } }, extra = {}) =>
  createSession(shop.token, { return_url: shop.returnUrl() }, { configuration: { sandbox: types }, ...extra });

const returnedTransaction = async (page: Page) => {
  await page.waitForURL((u) => u.toString().startsWith(shop.returnUrl()));
  const res = await api<Transaction & { payment_product_type: string }>(
    'GET',
    `/v1/transactions/${new URL(page.url()).searchParams.get('transaction_id')}`,
    { token: shop.token },
  );
  return res.body;
};

test('a card typed and Pay pressed before the page runs: nothing is lost, the payment goes through once it runs', async ({
  page,
}) => {
  const s = await sessionOf();
  const scripts = await holdScripts(page);
  await page.goto(s.url);
  await scripts.asked;
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  expect(page.url()).toContain('/?sid=');
  scripts.release();
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
});

test('the wallet button pressed before the page runs opens the wallet once it runs', async ({ page }) => {
  const s = await sessionOf({ wallet: { enabled: true } });
  const scripts = await holdScripts(page);
  await page.goto(s.url);
  await scripts.asked;
  await page.getByRole('button', { name: /Continue to Sandbox Wallet/ }).click();
  scripts.release();
  await page.getByRole('button', { name: 'Approve' }).click();
  expect((await returnedTransaction(page)).payment_product_type).toBe('sandbox.wallet');
});

/**
 * The card form's code (with react-hook-form) is not part of the first load (ADR 038): it loads at the
 * shopper's first interaction, and what is typed and clicked in the form before it runs is kept the same way.
 */
test('the card form loads at the first interaction; a card typed and Pay pressed before it runs still pays', async ({
  page,
}) => {
  const s = await sessionOf();
  const form = await holdScripts(page, '**/_kassa/checkout/card-form-*.js');
  await page.goto(s.url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  // the rest of the page runs, the form is still the server's HTML and its code was not asked for
  const region = page.locator('[data-kassa-deferred]');
  await expect(region).toHaveAttribute('data-kassa-deferred', '');
  expect(form.urls).toEqual([]);
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  await expect.poll(() => form.urls.length).toBe(1);
  await expect(region).toHaveAttribute('data-kassa-deferred', '');
  form.release();
  // the held Pay replays only once the form runs (then the page may leave at once: no look at the region here)
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
});

test('an express page, which loads react-hook-form for its address anyway, runs its card form with the rest', async ({
  page,
}) => {
  const s = await sessionOf(undefined, { express: { shipping_options: [] } });
  await page.goto(s.url);
  // no interaction: the part runs because its code was loaded before hydrating
  await expect(page.locator('[data-kassa-deferred]')).toHaveAttribute('data-kassa-deferred', 'ready');
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
});

/**
 * The page's script is requested once its first paint is on the screen (ADR 038): a slow or busy device shows the page
 * before it spends anything on the script. (In the SDK's iframe, which stays 0 px tall until the page runs, the script
 * loads after the next frame instead: the embedded tests cover that.)
 */
test('the script is requested after the first contentful paint', async ({ page }) => {
  const s = await sessionOf();
  await page.goto(s.url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const times = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    script: performance.getEntriesByType('resource').find((e) => /\/_kassa\/checkout\/checkout-[^/]*\.js$/.test(e.name))
      ?.startTime,
  }));
  expect(times.paint).toBeGreaterThan(0);
  expect(times.script).toBeGreaterThan(times.paint!);
});
