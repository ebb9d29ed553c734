import { expect, test } from '@playwright/test';
import { createSession, getToken } from './support/api';
import { holdScripts, waitForHydration } from './support/checkout-page';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { futureExpiry } from './support/dates';
import { startMerchantServer, type MerchantServer } from './support/merchant-server';

let merchant: MerchantServer;
test.beforeAll(async () => {
  merchant = await startMerchantServer();
});
test.afterAll(async () => {
  await merchant.close();
});

const newSession = async () => createSession(await getToken(), { return_url: `${merchant.origin}/return` });

test('Norwegian end to end: <html lang>, texts, kroner formatted for Norway, validation, a decline and then a payment', async ({
  page,
}) => {
  const s = await newSession();
  await page.goto(`${s.url}?language=nb`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page).toHaveTitle(/Kasse/);
  const pay = page.getByRole('button', { name: 'Betal 527,50 kr' });
  await expect(pay).toBeVisible();
  await expect(page.getByRole('note', { name: 'Testmodus' })).toBeVisible();
  await pay.click();
  await expect(page.getByRole('alert', { name: 'Noe må rettes' })).toBeFocused();
  await expect(page.getByLabel('Kortnummer', { exact: true })).toHaveAccessibleDescription(/Fyll inn kortnummeret/);
  await page.getByLabel('Kortnummer', { exact: true }).fill(CARDS.decline);
  await page.getByLabel('Utløpsdato (MM/ÅÅ)').fill(futureExpiry());
  await page.getByLabel('Sikkerhetskode').fill('123');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'avvist' })).toHaveText(
    'Banken din avviste betalingen. Bruk et annet kort eller kontakt banken din.',
  );
  await page.getByLabel('Kortnummer', { exact: true }).fill(CARDS.approve);
  await page.getByLabel('Sikkerhetskode').fill('123');
  await pay.click();
  await page.waitForURL((u) => u.toString().startsWith(`${merchant.origin}/return`));
  expect(new URL(page.url()).searchParams.get('transaction_id')).toBeTruthy();
});

test('English end to end, and an unknown language falls back to English', async ({ page }) => {
  const s = await newSession();
  await page.goto(`${s.url}?language=xx`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.approve);
  await page.getByLabel('Expiry date (MM/YY)').fill(futureExpiry());
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay NOK 527.50' }).click();
  await page.waitForURL((u) => u.toString().startsWith(`${merchant.origin}/return`));
});

test('the language switcher changes every text and keeps what was typed; hide_language removes it', async ({
  page,
}) => {
  const s = await newSession();
  await page.goto(s.url);
  await waitForHydration(page); // a language chosen before React takes the page over is undone by hydration
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.approve);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
  await expect(page.getByRole('button', { name: /^Betala 527,50/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page).toHaveURL(/language=sv/);
  await expect(page.getByLabel('Kortnummer', { exact: true })).toHaveValue(CARDS.approve);
  await page.getByRole('combobox', { name: 'Språk' }).selectOption('de');
  await expect(page.getByRole('button', { name: '527,50 NOK bezahlen' })).toBeVisible();
  await page.goto(`${s.url}?hide_language=true`);
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
});

/**
 * The card form runs only once its code is here (ADR 038); until then React keeps its server HTML, and a language
 * switch in that moment must wait for it rather than render the form anew (which empties what was typed).
 */
test('a language switch while the card form is still loading keeps the card number typed in it', async ({ page }) => {
  const s = await newSession();
  const form = await holdScripts(page, '**/_kassa/checkout/card-form-*.js');
  await page.goto(s.url);
  await waitForHydration(page);
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.approve);
  await form.asked;
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
  form.release();
  await expect(page.locator('[data-kassa-deferred]')).toHaveAttribute('data-kassa-deferred', 'ready');
  await expect(page.getByRole('button', { name: /^Betala 527,50/ })).toBeVisible();
  await expect(page.getByLabel('Kortnummer', { exact: true })).toHaveValue(CARDS.approve);
  await expect(page.getByRole('combobox', { name: 'Språk' })).toHaveValue('sv');
});

test('inside the SDK: SetLanguage (as the SDK posts it) switches the page, and its LanguageChanged updates the SDK', async ({
  page,
}) => {
  const s = await newSession();
  await page.goto(
    `${merchant.origin}/sdk-embed?sid=${encodeURIComponent(s.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=inline&language=fi`,
  );
  const frame = page.frameLocator('#container iframe');
  await expect(frame.getByRole('button', { name: 'Maksa 527,50 NOK' })).toBeVisible();
  await page.waitForFunction(() => Boolean((window as unknown as { checkout?: unknown }).checkout));
  await page.evaluate(
    (sid) =>
      document
        .querySelector<HTMLIFrameElement>('#container iframe')!
        .contentWindow!.postMessage({ type: 'SetLanguage', sid, language: 'da' }, '*'),
    s.id,
  );
  await expect(frame.getByRole('button', { name: 'Betal 527,50 NOK' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'da');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { checkout: { language?: string } }).checkout.language))
    .toBe('da');
});
