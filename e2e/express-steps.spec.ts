import { expect, test } from '@playwright/test';
import { api } from './support/api';
import { CARDS } from './support/constants';
import { checkoutFromDemoStore } from './support/demo-store';
import { fillCard, isPayRequest, waitForHydration } from './support/checkout-page';
import {
  addressSummary,
  alerts,
  applyDiscount,
  changeAddress,
  chooseShipping,
  enterAddress,
  payFor,
  shippingGroup,
} from './support/express-page';

const nok = (minor: number) => `NOK ${(minor / 100).toFixed(2)}`;
const KARI = 'Kari Nordmann, Storgata 1, 0150 Oslo, Norway';
const REQUIRED = ['Email', 'Phone', 'First name', 'Last name', 'Address', 'Postal code', 'City', 'Country'];

interface ViewOrder {
  vat_amount: number;
  items: { vat_amount: number }[];
  shipping_option?: { vat_amount?: number };
}

test('express steps at 360 px and 1280 px: Pay waits for what the order lacks and says what, the focus follows the steps, the address folds into a line with Change, an error goes with its cause, VAT follows a discount', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const sid = await checkoutFromDemoStore(page);
  await waitForHydration(page);
  const paid: string[] = [];
  page.on('request', (r) => {
    if (isPayRequest(sid)(r.url())) paid.push(r.url());
  });

  // every address field is marked required; the one-line street field autocompletes as address-line1
  for (const label of REQUIRED)
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Address', { exact: true })).toHaveAttribute('autocomplete', 'address-line1');

  // Pay before the address: it says what is missing beside it, and a press goes to the first missing field
  const pay = payFor(page, 'NOK 398.00');
  await expect(pay).toHaveAccessibleDescription('Enter your shipping address before you pay.');
  await fillCard(page, { number: CARDS.approve });
  await pay.click();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByText('Enter your first name')).toBeVisible();
  expect(paid).toEqual([]);

  // Continue: the address folds into one line, and the focus is on the shipping options that appeared
  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  await expect(addressSummary(page, KARI)).toBeVisible();
  await expect(shippingGroup(page).getByRole('radio').first()).toBeFocused();
  await expect(page.getByText('kari@example.com, +4791234567', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
  const addressPanel = page.locator('section', { has: page.getByRole('heading', { name: 'Contact and delivery' }) });
  const change = page.getByRole('button', { name: 'Change address' });
  const folded = async (width: number) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const panel = (await addressPanel.boundingBox())!;
    const button = (await change.boundingBox())!;
    expect(panel.height).toBeLessThan(200); // the form was ~700 px at 360 px
    expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
    const line = (await addressSummary(page, KARI).boundingBox())!;
    expect(Math.abs(line.y - button.y)).toBeLessThan(12); // the line and Change side by side
  };
  await folded(360);

  // the shipping option is what is missing now; Pay goes there
  await expect(pay).toHaveAccessibleDescription('Choose a shipping option before you pay.');
  await pay.click();
  await expect(shippingGroup(page).getByRole('radio').first()).toBeFocused();
  expect(paid).toEqual([]);
  await chooseShipping(page, /Storo/);
  const pay427 = payFor(page, 'NOK 427.00');
  await expect(pay427).toHaveAccessibleDescription('');

  // an error about the order (here: the shop dropped the option as Pay was pressed) goes once the order changes
  await page.route(
    `**/v1/sessions/${sid}/pay`,
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'SHIPPING_OPTION_NOT_AVAILABLE', message: 'Choose a shipping option' } }),
      }),
    { times: 1 },
  );
  await pay427.click();
  await expect(alerts(page).filter({ hasText: 'Choose a shipping option before you pay.' })).toBeVisible();
  await chooseShipping(page, /Home delivery/);
  await expect(alerts(page)).toHaveCount(0);

  // a discount: the Apply button keeps the focus, and the VAT line is the re-priced order's at once
  await applyDiscount(page, 'SAVE10');
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeFocused();
  // the server has answered the discount (the page lists the code) before the test reads the order: on a busy
  // machine a read right after the click got the order before the discount, with its VAT
  await expect(page.getByRole('list', { name: 'Codes applied' })).toContainText('SAVE10');
  const view = await api<{ order: ViewOrder }>('GET', `/v1/view/${sid}/session`);
  const { order } = view.body;
  const lines = order.items.reduce((sum, i) => sum + i.vat_amount, 0) + (order.shipping_option?.vat_amount ?? 0);
  expect(order.vat_amount).toBe(lines);
  await expect(page.getByText(`Includes VAT ${nok(order.vat_amount)}`, { exact: true })).toBeAttached();

  // Change opens the form with the focus in it; Pay waits until the change is saved; Continue folds it again
  await changeAddress(page);
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Storgata 1');
  await expect(payFor(page, 'NOK')).toHaveAccessibleDescription('Enter your shipping address before you pay.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(addressSummary(page, KARI)).toBeVisible();
  await expect(shippingGroup(page).locator(':focus')).toHaveCount(1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await folded(1280);
  expect(paid).toHaveLength(1); // only the refused one: a held Pay sends nothing
});
