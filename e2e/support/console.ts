import { expect, type Page } from '@playwright/test';
import { E2E_CONSOLE_ADMIN } from './constants';

/**
 * Signs in to the console as `who` (the startup merchant's admin by default) and waits for `next` (ADR 033).
 * The form names the account (ADR 043): prefilled with the startup merchant's, replaced by `who.account` when given.
 */
export const signInToConsole = async (
  page: Page,
  who: { email: string; password: string; account?: string } = E2E_CONSOLE_ADMIN,
  next = '/console',
): Promise<void> => {
  await page.goto(`/console/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  if (who.account) await page.getByLabel('Account').fill(who.account);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
};
