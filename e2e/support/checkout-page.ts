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
