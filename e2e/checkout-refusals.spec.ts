import { expect, test, type Page } from '@playwright/test';
import { createSession } from './support/api';
import { isPayRequest, waitForHydration } from './support/checkout-page';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { futureExpiry } from './support/dates';
import { embedEventsOfType } from './support/embed-page';
import { useMerchant } from './support/merchant-server';

const shop = useMerchant();

const CARD_AND_INVOICE = { sandbox: { creditcard: { enabled: true }, invoice: { enabled: true } } };

/** What the server answers once a session had too many declined or failed attempts (ADR 020). */
const TOO_MANY_ATTEMPTS = {
  status: 429,
  headers: { 'content-type': 'application/json', 'retry-after': '3592' },
  body: JSON.stringify({
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many declined or failed payment attempts on this session; try again in 3592 s',
    },
  }),
};

/** The card fields by their autocomplete tokens (the labels differ per language). */
const typeCard = async (scope: Page | ReturnType<Page['frameLocator']>, number: string) => {
  await scope.locator('input[autocomplete="cc-number"]').fill(number);
  await scope.locator('input[autocomplete="cc-exp"]').fill(futureExpiry());
  await scope.locator('input[autocomplete="cc-csc"]').fill('123');
};

const failedHref = (merchantReference: string) => {
  const href = new URL(shop.returnUrl());
  href.searchParams.set('merchant_reference', merchantReference);
  href.searchParams.set('error', 'failed');
  return href.toString();
};

test('too many attempts on a payment: a clear message in the page language and the way back to the shop with error=failed', async ({
  page,
}) => {
  const s = await createSession(shop.token, { return_url: shop.returnUrl() });
  await page.route(`**/v1/sessions/${s.id}/pay`, (route) => route.fulfill(TOO_MANY_ATTEMPTS));
  await page.goto(`/?sid=${s.id}&language=nb`);
  await waitForHydration(page);
  await typeCard(page, CARDS.approve);
  await page.getByRole('button', { name: 'Betal 527,50 kr' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'for mange forsøk' });
  await expect(alert).toContainText(
    'Det har vært for mange forsøk på å betale denne bestillingen. Prøv igjen senere, eller gå tilbake til butikken.',
  );
  await expect(page.getByText('Siden er oppdatert')).toHaveCount(0);
  const back = alert.getByRole('link', { name: 'Tilbake til butikken' });
  await expect(back).toHaveAttribute('href', failedHref(s.merchantReference));
  await back.click();
  await page.waitForURL((u) => shop.atMerchantReturn(u) && u.searchParams.get('error') === 'failed');
});

test('too many attempts inside the SDK frame: the SDK gets SessionPaymentError with the way back to the shop', async ({
  page,
}) => {
  const s = await createSession(shop.token, { return_url: shop.returnUrl() });
  let attempts = 0;
  await page.route(`**/v1/sessions/${s.id}/pay`, (route) => {
    attempts += 1;
    return route.fulfill(TOO_MANY_ATTEMPTS);
  });
  const src = `${E2E_BASE_URL}/?sid=${s.id}&ui=inline&sdk=0.8.30&language=en`;
  await page.goto(`${shop.merchant.origin}/embed?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('#checkout');
  await typeCard(frame, CARDS.approve);
  await frame.getByRole('button', { name: /^Pay/ }).click();

  await expect(frame.getByRole('alert').filter({ hasText: 'too many attempts' })).toContainText(
    'There have been too many attempts to pay for this order. Try again later, or return to the shop.',
  );
  await expect.poll(async () => (await embedEventsOfType(page, 'SessionPaymentError')).length).toBe(1);
  const [error] = await embedEventsOfType(page, 'SessionPaymentError');
  expect(error!.origin).toBe(E2E_BASE_URL);
  expect(error!.data).toEqual({
    type: 'SessionPaymentError',
    sid: s.id,
    error: 'failed',
    href: failedHref(s.merchantReference),
    merchant_reference: s.merchantReference,
  });
  expect(attempts).toBe(1);
});

test('invoice in Norwegian: an organization number that does not fit the country is explained in Norwegian, never in the server English', async ({
  page,
}) => {
  const s = await createSession(shop.token, { return_url: shop.returnUrl() }, { configuration: CARD_AND_INVOICE });
  await page.goto(`/?sid=${s.id}&language=nb`);
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Faktura' }).check();
  await page.getByLabel('E-post', { exact: true }).fill('kari@example.com');
  await page.getByLabel('Mobilnummer').fill('+4741234567');
  await page.getByLabel('Land', { exact: true }).selectOption('NO');
  await page.getByLabel('Jeg handler for en bedrift').check();
  const org = page.getByLabel('Organisasjonsnummer');
  await org.fill('1234567890');
  await page.getByRole('button', { name: /^Betal .* med faktura$/ }).click();

  await expect(org).toHaveAccessibleDescription('Fyll inn et organisasjonsnummer på 9 sifre for Norge.');
  await expect(page.getByText('must be')).toHaveCount(0);

  // Sweden's numbers have 10 digits: the same number fits there, as the server agrees (it pays)
  await page.getByLabel('Land', { exact: true }).selectOption('SE');
  const paid = page.waitForResponse((r) => isPayRequest(s.id)(r.url()));
  await page.getByRole('button', { name: /^Betal .* med faktura$/ }).click();
  expect((await paid).status()).toBe(200);
  await shop.returnedTransactionId(page, s.merchantReference);
});

test("a field the server refuses on the invoice form gets the page's own message for that field, never the server's text", async ({
  page,
}) => {
  const s = await createSession(shop.token, { return_url: shop.returnUrl() }, { configuration: CARD_AND_INVOICE });
  await page.route(
    (url) => url.pathname === `/v1/view/${s.id}/payments/sandbox.invoice`,
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'INVALID_REQUEST',
            message: 'The details for this payment type are not valid',
            errors: [{ path: 'phone_number', message: 'must be a phone number in E.164 form' }],
          },
        }),
      }),
  );
  await page.goto(`/?sid=${s.id}&language=nb`);
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Faktura' }).check();
  await page.getByLabel('E-post', { exact: true }).fill('kari@example.com');
  await page.getByLabel('Mobilnummer').fill('+4741234567');
  await page.getByRole('button', { name: /^Betal .* med faktura$/ }).click();

  await expect(page.getByLabel('Mobilnummer')).toHaveAccessibleDescription(
    /Fyll inn et mobilnummer med landskode, f\.eks\. \+4741234567\./,
  );
  await expect(page.getByText('E.164')).toHaveCount(0);
  await expect(page.getByText('The details for this payment type')).toHaveCount(0);
});
