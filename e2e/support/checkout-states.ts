import { expect, type Page } from '@playwright/test';
import { api, payWithApprovedCard, createExpiredSession, createSession, getToken } from './api';
import { payButton, waitForHydration } from './checkout-page';
import { CARDS, E2E_BASE_URL, GIFT_CARD } from './constants';
import { checkoutFromDemoStore } from './demo-store';
import { futureExpiry } from './dates';
import { applyDiscount, chooseShipping, enterAddress, payFor, useGiftCard } from './express-page';

const ALL_TYPES = {
  sandbox: {
    creditcard: { enabled: true },
    invoice: { enabled: true },
    installment: { enabled: true },
    wallet: { enabled: true },
  },
};

const session = async (configuration: Record<string, unknown> = ALL_TYPES) =>
  createSession(await getToken(), { return_url: `${E2E_BASE_URL}/demo/return` }, { configuration });
const open = async (page: Page, query: string, configuration?: Record<string, unknown>) => {
  const s = await session(configuration);
  await page.goto(`/?sid=${encodeURIComponent(s.id)}${query}`);
  return s;
};
/** The card fields by their autocomplete tokens (the labels differ per language). */
const typeCard = async (page: Page, number: string) => {
  await page.locator('input[autocomplete="cc-number"]').fill(number);
  await page.locator('input[autocomplete="cc-exp"]').fill(futureExpiry());
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
};

/** The nth payment type radio (the names differ per language; the order is the configuration's), once the page runs. */
const chooseType = async (page: Page, index: number) => {
  await waitForHydration(page);
  await page.getByRole('radio').nth(index).check();
};

/**
 * Every state of the checkout worth checking for accessibility, reached as a customer would, per
 * language (`lang` is the page's `language` parameter). Adding a state is one entry.
 */
export const CHECKOUT_STATES: Record<string, (page: Page, lang: string) => Promise<void>> = {
  'card (fullscreen)': async (page, lang) => {
    await open(page, `&language=${lang}`);
    await expect(payButton(page).or(page.getByRole('button', { name: /^Betal/ }))).toBeVisible();
  },
  inline: async (page, lang) => {
    await open(page, `&ui=inline&language=${lang}`);
  },
  modal: async (page, lang) => {
    await open(page, `&ui=modal&language=${lang}`);
    await expect(page.getByRole('dialog')).toBeVisible();
  },
  'cancel question': async (page, lang) => {
    await open(page, `&language=${lang}`, { sandbox: { creditcard: { enabled: true } } });
    await page.locator('form[action$="/session/abandon"] button').click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
  },
  'locked for the merchant': async (page, lang) => {
    const s = await createSession(
      await getToken(),
      { return_url: `${E2E_BASE_URL}/demo/return` },
      { express: { shipping_options: [] } },
    );
    expect((await api('POST', `/v1/view/${s.id}/session/lock`)).status).toBe(200);
    await page.goto(`/?sid=${encodeURIComponent(s.id)}&language=${lang}`);
    await expect(page.getByTestId('locked-notice')).toBeVisible();
  },
  'card errors shown': async (page, lang) => {
    await open(page, `&language=${lang}`, { sandbox: { creditcard: { enabled: true } } });
    await page.locator('form button[type=submit]').first().click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  },
  'card declined': async (page, lang) => {
    await open(page, `&language=${lang}`, { sandbox: { creditcard: { enabled: true } } });
    await typeCard(page, CARDS.decline);
    await page.locator('form button[type=submit]').first().click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  },
  invoice: async (page, lang) => {
    await open(page, `&language=${lang}`);
    await chooseType(page, 1);
    await expect(page.locator('input[type=email]')).toBeVisible();
  },
  'part payment plans': async (page, lang) => {
    await open(page, `&language=${lang}`, { sandbox: { installment: { enabled: true } } });
    await page.locator('input[type=email]').fill('kari@example.com');
    await page.locator('input[type=tel]').fill('+4741234567');
    await page.locator('form button[type=submit]').first().click();
    await expect(page.getByRole('radio').first()).toBeVisible();
  },
  wallet: async (page, lang) => {
    await open(page, `&language=${lang}`);
    await chooseType(page, 3);
  },
  '3-D Secure challenge page': async (page, lang) => {
    await open(page, `&language=${lang}`, { sandbox: { creditcard: { enabled: true } } });
    await typeCard(page, '4000 0000 0000 3220');
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL(/\/sandbox\/3ds\//);
  },
  '3-D Secure failed': async (page, lang) => {
    await CHECKOUT_STATES['3-D Secure challenge page']!(page, lang);
    await page.locator('button[value=fail]').click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  },
  'shipping option chosen (express)': async (page, lang) => {
    const s = await createSession(
      await getToken(),
      { return_url: `${E2E_BASE_URL}/demo/return` },
      {
        configuration: { sandbox: { creditcard: { enabled: true } } },
        express: {
          shipping_options: [
            { id: 'home', line_id: 'ship', amount: 9900, title: 'Home', operator: 'Posten', description: 'Tomorrow' },
            { id: 'shop', line_id: 'ship', amount: 0, title: 'Pick-up', operator: 'Posten', description: 'Oslo S' },
          ],
        },
      },
    );
    await page.goto(`/?sid=${encodeURIComponent(s.id)}&language=${lang}`);
    await waitForHydration(page);
    // the selected option's secondary text (operator, description) on its tinted background (issue 28: 4.26:1)
    await page.getByRole('radio').first().check();
    await expect(page.getByRole('radio').first()).toBeChecked();
  },
  'express: address folded, Pay waits for a shipping option': async (page, lang) => {
    await checkoutFromDemoStore(page);
    await page.goto(`${page.url()}&language=${lang}`);
    await waitForHydration(page);
    const address = page.locator('form[data-express-address]');
    for (const [token, value] of [
      ['email', 'kari@example.com'],
      ['tel', '+4791234567'],
      ['given-name', 'Kari'],
      ['family-name', 'Nordmann'],
      ['address-line1', 'Storgata 1'],
      ['postal-code', '0150'],
      ['address-level2', 'Oslo'],
    ])
      await address.locator(`input[autocomplete="${token}"]`).fill(value!);
    await address.locator('button[type=submit]').click();
    await expect(address).toHaveCount(0);
    await expect(page.getByRole('radiogroup').first().getByRole('radio').first()).toBeFocused();
  },
  // reached in English (the helpers name the fields), then shown in the page's language: the order keeps all of it
  'express: shipping option, discount and gift card applied': async (page, lang) => {
    await checkoutFromDemoStore(page);
    const url = page.url();
    await enterAddress(page, { postalCode: '0150', country: 'NO' });
    await chooseShipping(page, /Storo/);
    await applyDiscount(page, 'SAVE10');
    await expect(payFor(page, 'NOK 387.20')).toBeVisible();
    await useGiftCard(page, GIFT_CARD);
    await expect(payFor(page, 'NOK 287.20')).toBeVisible();
    await page.goto(`${url}&language=${lang}`);
    await waitForHydration(page);
    await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  },
  'paid (result)': async (page, lang) => {
    const s = await session({ sandbox: { creditcard: { enabled: true } } });
    await payWithApprovedCard(s.id);
    await page.goto(`/?sid=${encodeURIComponent(s.id)}&language=${lang}`);
    await expect(page.getByTestId('receipt')).toBeVisible(); // the receipt (issue 28)
  },
  'cancelled (result)': async (page, lang) => {
    const s = await session({ sandbox: { creditcard: { enabled: true } } });
    expect((await api('POST', `/v1/sessions/${s.id}/cancel`, { token: await getToken() })).status).toBe(200);
    await page.goto(`/?sid=${encodeURIComponent(s.id)}&language=${lang}`);
    await expect(page.getByTestId('unavailable-reason')).toBeVisible();
  },
  'expired (result)': async (page, lang) => {
    const s = await createExpiredSession(
      await getToken(),
      { return_url: `${E2E_BASE_URL}/demo/return` },
      { configuration: { sandbox: { creditcard: { enabled: true } } } },
    );
    await page.goto(`/?sid=${encodeURIComponent(s.id)}&language=${lang}`);
    await expect(page.getByTestId('unavailable-reason')).toBeVisible();
  },
  'embed result': async (page, lang) => {
    await page.goto(`/embedResult/?sid=x&merchant_reference=order-1&transaction_id=T12345678.abc&language=${lang}`);
  },
  'page not found': async (page, lang) => {
    await page.goto(`/no-such-page?language=${lang}`);
  },
};
