import { expect, type FrameLocator, type Page } from '@playwright/test';

type Scope = Page | FrameLocator;

/** The express steps of the hosted page, driven only by the accessible names of the issue 8 contract. */
export interface ExpressAddress {
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  address?: string;
  postalCode: string;
  city?: string;
  country: string;
}

/** Country is a text field or a select, depending on the page. */
const setCountry = async (scope: Scope, country: string) => {
  const field = scope.getByLabel('Country', { exact: true });
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(country);
  else await field.fill(country);
};

/** Contact and shipping address, then the step's submit (its button, or Enter in the last field). */
export const enterAddress = async (scope: Scope, a: ExpressAddress) => {
  await scope.getByLabel('Email', { exact: true }).fill(a.email ?? 'kari@example.com');
  await scope.getByLabel('Phone', { exact: true }).fill(a.phone ?? '+4791234567');
  await scope.getByLabel('First name', { exact: true }).fill(a.firstName ?? 'Kari');
  await scope.getByLabel('Last name', { exact: true }).fill(a.lastName ?? 'Nordmann');
  await scope.getByLabel('Address', { exact: true }).fill(a.address ?? 'Storgata 1');
  await scope.getByLabel('Postal code', { exact: true }).fill(a.postalCode);
  await scope.getByLabel('City', { exact: true }).fill(a.city ?? 'Oslo');
  await setCountry(scope, a.country);
  const submit = scope.getByRole('button', { name: /^(continue|save address|use this address|next)$/i });
  if (await submit.count()) await submit.first().click();
  else await scope.getByLabel('City', { exact: true }).press('Enter');
};

/** The saved address, folded into one line with its "Change" button (after Continue). */
export const addressSummary = (scope: Scope, line: string) => scope.getByText(`Ship to ${line}`, { exact: true });

/** Opens the saved address again. */
export const changeAddress = async (scope: Scope) => {
  await scope.getByRole('button', { name: 'Change address' }).click();
  await expect(scope.getByLabel('Email', { exact: true })).toBeVisible();
};

export const shippingGroup = (scope: Scope) => scope.getByRole('radiogroup', { name: 'Shipping' });

export const chooseShipping = async (scope: Scope, name: RegExp | string) => {
  await shippingGroup(scope).getByRole('radio', { name }).check();
  await expect(shippingGroup(scope).getByRole('radio', { name })).toBeChecked();
};

export const applyDiscount = async (scope: Scope, code: string) => {
  await scope.getByLabel('Discount code', { exact: true }).fill(code);
  await scope.getByRole('button', { name: 'Apply', exact: true }).click();
};

export const useGiftCard = async (scope: Scope, card: { number: string; pin: string }) => {
  await scope.getByLabel('Gift card number', { exact: true }).fill(card.number);
  await scope.getByLabel('PIN', { exact: true }).fill(card.pin);
  await scope.getByRole('button', { name: 'Use gift card', exact: true }).click();
};

/** The pay button for an exact amount, e.g. "Pay 287.20 NOK". */
export const payFor = (scope: Scope, amount: string) => scope.getByRole('button', { name: `Pay ${amount}` });

/** The page's announced errors (Next's route announcer is an empty alert region on every page). */
export const alerts = (scope: Scope) => scope.getByRole('alert').filter({ hasText: /\S/ });
