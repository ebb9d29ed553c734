import { expect, test } from '@playwright/test';
import { api } from './support/api';
import { CARDS, GIFT_CARD } from './support/constants';
import { checkoutFromDemoStore, expectOrderShows } from './support/demo-store';
import { fillCard } from './support/checkout-page';
import {
  alerts,
  applyDiscount,
  chooseShipping,
  enterAddress,
  payFor,
  shippingGroup,
  useGiftCard,
} from './support/express-page';

const nok = (minor: number) => `NOK ${(minor / 100).toFixed(2)}`;

test('the whole express flow in the demo store: address, options from the callback, pick-up point, discount, gift card, card, callback, capture', async ({
  page,
}) => {
  await checkoutFromDemoStore(page);

  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  // the store's shipping callback answered: home delivery, two pick-up points (address and hours), express
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(4);
  await expect(shippingGroup(page)).toContainText('Thorvald Meyers gate 49');
  await expect(shippingGroup(page)).toContainText('Vitaminveien 7');
  await chooseShipping(page, /Storo/);
  await expect(payFor(page, 'NOK 427.00')).toBeVisible(); // 398.00 + 29.00

  await applyDiscount(page, 'SAVE10');
  await expect(payFor(page, 'NOK 387.20')).toBeVisible(); // items 358.20 + 29.00

  await useGiftCard(page, GIFT_CARD);
  const due = 38720 - GIFT_CARD.balance;
  await expect(payFor(page, nok(due))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use gift card' })).toBeFocused(); // the focus stays in the step

  await fillCard(page, { number: CARDS.approve });
  await payFor(page, nok(due)).click();
  await page.waitForURL((u) => u.pathname === '/demo/return');
  await expect(page.getByRole('heading', { name: 'Thank you! Payment authorized.' })).toBeVisible();
  const back = new URL(page.url());
  const reference = back.searchParams.get('merchant_reference')!;

  // the signed callback reached the store, which lists it; capture from the orders page
  await expectOrderShows(page, reference, 'payment authorized');
  const order = page.getByRole('listitem', { name: `Order ${reference}` });
  await expect(order).toContainText('signature valid');
  await order.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Captured' })).toBeVisible();
  await expect(order.getByTestId('order-status')).toHaveText('CAPTURED');
  await expectOrderShows(page, reference, 'CAPTURE');
});

test('an address the store cannot ship to says so', async ({ page }) => {
  await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '10001', city: 'New York', country: 'US' });
  await expect(page.getByText(/can(not|'t) (be )?ship/i)).toBeVisible();
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(0);
});

test("a failing shipping callback shows the error and the page's retry succeeds", async ({ page }) => {
  await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '9999', city: 'Tromsø', country: 'NO' }); // the store fails the first time
  await expect(alerts(page)).toBeVisible();
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(4);
  await expect(alerts(page)).toHaveCount(0);
});

test('a session changed behind the page answers 412; the page reloads it and shows the change', async ({ page }) => {
  const sid = await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(4);
  await expect(shippingGroup(page)).toContainText('49.00');

  // another tab moves the address to northern Norway: home delivery now costs 99.00
  const moved = await api('PUT', `/v1/view/${sid}/session/order/addresses`, {
    body: {
      shipping_address: {
        first_name: 'Kari',
        last_name: 'Nordmann',
        address_line: 'Storgata 1',
        postal_code: '9008',
        postal_place: 'Tromsø',
        country: 'NO',
        email: 'kari@example.com',
        phone_number: '+4791234567',
      },
    },
  });
  expect(moved.status).toBe(200);

  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes(`/v1/view/${sid}/session/order/shipping_option`)) answers.push(r.status());
  });
  // click, not check(): check() asserts the radio stays checked, but the page rightly undoes the choice once
  // the 412 arrives, which may be before Playwright looks
  const home = shippingGroup(page).getByRole('radio', { name: /Home delivery/ });
  await home.click();
  await expect.poll(() => answers[0]).toBe(412);
  await expect(alerts(page)).toBeVisible();
  await expect(shippingGroup(page)).toContainText('99.00');
  await expect(home).not.toBeChecked(); // nothing was chosen: the session is as the other tab left it
});

test('Cancel, once confirmed, abandons the session and returns to the store', async ({ page }) => {
  const sid = await checkoutFromDemoStore(page);
  await page.getByRole('button', { name: 'Cancel payment', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel payment' }).click();
  await page.waitForURL((u) => u.pathname === '/demo/return');
  const back = new URL(page.url());
  expect(back.searchParams.get('error')).toBe('cancelled');
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expectOrderShows(page, back.searchParams.get('merchant_reference')!, 'CANCELLED');
  const view = await api('GET', `/v1/view/${sid}/session`);
  expect(view.status).toBe(404);
});

test('"Checkout on this page" embeds the hosted checkout with the browser SDK, in the store\'s own page', async ({
  page,
}) => {
  const sid = await checkoutFromDemoStore(page, 'Checkout on this page');
  expect(new URL(page.url()).pathname).toBe('/demo/inline');
  const frame = page.frameLocator('[data-testid=checkout-container] iframe');
  await expect(frame.getByTestId('order-total')).toHaveText('NOK 398.00');
  expect(await page.locator('[data-testid=checkout-container] iframe').getAttribute('src')).toContain(`sid=${sid}`);
  await expect(page.getByRole('status')).toHaveText('Checkout ready');
});
