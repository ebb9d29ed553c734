import type { FrameLocator, Page } from '@playwright/test';
import { futureExpiry } from './dates';

type Scope = Page | FrameLocator;

/** Fills the three card fields by their labels, as a customer would. */
export const fillCard = async (scope: Scope, card: { number: string; expiry?: string; cvc?: string }) => {
  await scope.getByLabel('Card number', { exact: true }).fill(card.number);
  await scope.getByLabel('Expiry date').fill(card.expiry ?? futureExpiry());
  await scope.getByLabel('Security code').fill(card.cvc ?? '123');
};

export const payButton = (scope: Scope) => scope.getByRole('button', { name: /^Pay/ });

/** Matches the browser's pay request for a session. */
export const isPayRequest = (sid: string) => (url: string) => url.endsWith(`/v1/sessions/${sid}/pay`);

/**
 * The server-rendered page is clickable before React takes it over; a click on a controlled radio in
 * that moment is undone by hydration. Tests that choose a payment type wait for this marker first.
 */
export const waitForHydration = (scope: Page) =>
  scope.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

/**
 * Holds the checkout's modules matching `glob` (every one unless told) until `release()`: `asked` resolves once the page
 * asked for one, and `urls` lists what it asked for.
 */
export const holdScripts = async (page: Page, glob = '**/_kassa/checkout/*.js') => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  const urls: string[] = [];
  await page.route(glob, async (route) => {
    urls.push(route.request().url());
    requested();
    await released;
    await route.continue();
  });
  return { release, asked, urls };
};
