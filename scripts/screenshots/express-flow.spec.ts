import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CARDS, GIFT_CARD } from '../../e2e/support/constants';
import { checkoutFromDemoStore, expectOrderShows } from '../../e2e/support/demo-store';
import { fillCard } from '../../e2e/support/checkout-page';
import {
  alerts,
  applyDiscount,
  chooseShipping,
  enterAddress,
  payFor,
  shippingGroup,
  useGiftCard,
} from '../../e2e/support/express-page';

/**
 * Screenshots of every step of the express flow at 375 and 1280 px into docs/screenshots/ (linked
 * from the README). Regenerate with `npm run screenshots` (needs `npm run build`); not part of `npm test`.
 */

const DIR = path.resolve(__dirname, '../../docs/screenshots');
const nok = (minor: number) => `NOK ${(minor / 100).toFixed(2)}`;

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 900 } });
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: path.join(DIR, `${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });

    test('the express flow, step by step', async ({ page }) => {
      await page.goto('/demo');
      await expect(page.getByTestId('cart-total')).toHaveText('398.00 NOK');
      await shot(page, '01-store');
      await checkoutFromDemoStore(page);
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await shot(page, '02-checkout');
      await enterAddress(page, { postalCode: '0150', country: 'NO' });
      await expect(shippingGroup(page).getByRole('radio')).toHaveCount(4);
      await shot(page, '03-shipping-options');
      await chooseShipping(page, /Storo/);
      await expect(payFor(page, 'NOK 427.00')).toBeVisible();
      await shot(page, '04-pick-up-point');
      await applyDiscount(page, 'SAVE10');
      await expect(payFor(page, 'NOK 387.20')).toBeVisible();
      await shot(page, '05-discount');
      await useGiftCard(page, GIFT_CARD);
      const due = nok(38720 - GIFT_CARD.balance);
      await expect(payFor(page, due)).toBeVisible();
      await shot(page, '06-gift-card');
      await fillCard(page, { number: CARDS.approve });
      await shot(page, '07-card');
      await payFor(page, due).click();
      await page.waitForURL((u) => u.pathname === '/demo/return');
      await expect(page.getByRole('heading', { name: 'Thank you! Payment authorized.' })).toBeVisible();
      await shot(page, '08-paid');
      const reference = new URL(page.url()).searchParams.get('merchant_reference')!;
      await expectOrderShows(page, reference, 'payment authorized');
      await shot(page, '09-orders');
      await page
        .getByRole('listitem', { name: `Order ${reference}` })
        .getByRole('button', { name: 'Capture' })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Captured' })).toBeVisible();
      await shot(page, '10-captured');
    });

    test('cannot ship, a failing callback, and the inline embed', async ({ page }) => {
      await checkoutFromDemoStore(page);
      await enterAddress(page, { postalCode: '10001', city: 'New York', country: 'US' });
      await expect(page.getByText(/can(not|'t) (be )?ship/i)).toBeVisible();
      await shot(page, '11-cannot-ship');
      await checkoutFromDemoStore(page);
      await enterAddress(page, { postalCode: '9999', city: 'Tromsø', country: 'NO' });
      await expect(alerts(page)).toBeVisible();
      await shot(page, '12-callback-failed');
      await checkoutFromDemoStore(page, 'Checkout on this page');
      await expect(
        page.frameLocator('[data-testid=checkout-container] iframe').getByLabel('Email', { exact: true }),
      ).toBeVisible();
      await shot(page, '13-inline-embed');
    });
  });
}
