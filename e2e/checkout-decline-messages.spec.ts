import { expect, test, type Page } from '@playwright/test';
import { createSession, getToken } from './support/api';
import { waitForHydration } from './support/checkout-page';
import { futureExpiry } from './support/dates';

/**
 * Issue 28 item 9: a declined card says what the issuer said (insufficient funds, expired), in the page's
 * language; a card reported lost or stolen says only that the bank declined. The sandbox's test cards are
 * listed in the README and in the page's test-mode notice.
 */
const RETURN_URL = 'https://merchant.example/return'; // never reached: every payment here is declined

const open = async (page: Page, language: string) => {
  const s = await createSession(await getToken(), { return_url: RETURN_URL });
  await page.goto(`/?sid=${s.id}&language=${language}`);
  await waitForHydration(page);
  return s.id;
};

/** Types the card (fields by their autocomplete tokens: the labels differ per language), pays, and reads the answer. */
const payWith = async (page: Page, sid: string, number: string) => {
  await page.locator('input[autocomplete="cc-number"]').fill(number);
  await page.locator('input[autocomplete="cc-exp"]').fill(futureExpiry());
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/v1/sessions/${sid}/pay`)),
    page.locator('form button[type=submit]').first().click(),
  ]);
  return (await answer.json()) as { success: boolean; actions: { code: string }[] };
};

const INSUFFICIENT_FUNDS: Record<string, string> = {
  en: 'Your bank declined the payment: there are not enough funds on the card. Use another card or try again later.',
  nb: 'Banken din avviste betalingen: det er ikke nok penger på kortet. Bruk et annet kort eller prøv igjen senere.',
  sv: 'Din bank nekade betalningen: det finns inte tillräckligt med pengar på kortet. Använd ett annat kort eller försök igen senare.',
  da: 'Din bank afviste betalingen: der er ikke penge nok på kortet. Brug et andet kort, eller prøv igen senere.',
  fi: 'Pankkisi hylkäsi maksun: kortilla ei ole riittävästi katetta. Käytä toista korttia tai yritä myöhemmin uudelleen.',
  de: 'Ihre Bank hat die Zahlung abgelehnt: Die Karte ist nicht ausreichend gedeckt. Verwenden Sie eine andere Karte oder versuchen Sie es später erneut.',
};

for (const [language, text] of Object.entries(INSUFFICIENT_FUNDS)) {
  test(`insufficient funds (4000 0000 0000 9995) says so in ${language}`, async ({ page }) => {
    const sid = await open(page, language);
    const answer = await payWith(page, sid, '4000 0000 0000 9995');
    expect(answer.actions[0]?.code).toBe('insufficient_funds');
    await expect(page.getByRole('alert').filter({ hasText: text.slice(0, 12) })).toHaveText(text);
  });
}

test('expired, lost and stolen test cards in English: the reason, or only "declined by your bank"; the notice lists them', async ({
  page,
}) => {
  const sid = await open(page, 'en');
  const notice = page.getByRole('note', { name: 'Test mode' });
  await notice.getByText('Show test cards').click();
  await expect(notice).toContainText('4000 0000 0000 9995 is declined for insufficient funds');
  await expect(notice).toContainText('4000 0000 0000 0069 is declined as expired');
  await expect(notice).toContainText(
    '4000 0000 0000 9987 (lost) and 4000 0000 0000 9979 (stolen) are declined by the bank',
  );

  const alert = page.getByRole('alert').filter({ hasText: 'Your bank declined' });
  const expired = await payWith(page, sid, '4000 0000 0000 0069');
  expect(expired.actions[0]?.code).toBe('expired_card');
  await expect(alert).toHaveText(
    'Your bank declined the payment: the card has expired. Check the expiry date or use another card.',
  );
  for (const card of ['4000 0000 0000 9987', '4000 0000 0000 9979']) {
    const answer = await payWith(page, sid, card);
    // the page's own answer never says the card is reported: that is for the merchant's transaction only
    expect(JSON.stringify(answer)).not.toMatch(/lost|stolen/);
    expect(answer.actions[0]?.code).toBe('card_declined');
    await expect(alert).toHaveText('Your bank declined the payment. Use another card or contact your bank.');
  }
});
