import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, getToken } from './support/api';
import { signInToConsole } from './support/console';
import { E2E_BASE_URL, E2E_CONSOLE_ADMIN, E2E_CREDENTIALS } from './support/constants';

/** Issue 26: signing in to the console, its roles, sign-out, the login limit and accessibility (ADR 033). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const USERS = `/v1/accounts/${E2E_CREDENTIALS.accountId}/auth/users`;
const unique = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.kassa.test`;

const noViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(described, described.join('\n')).toEqual([]);
};

/** A console user made through /v1 by the merchant's backend. */
const makeUser = async (role: 'admin' | 'read-only') => {
  const user = { email: unique(role), password: `${role}-password-0123` };
  const made = await api('POST', USERS, { token: await getToken(), body: { ...user, role } });
  expect(made.status).toBe(200);
  return user;
};

test('every console page asks a browser without a session to sign in, and brings it back after', async ({ page }) => {
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Fconsole$/);
  await page.goto('/console/users');
  await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Fconsole%2Fusers$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(E2E_CONSOLE_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_CONSOLE_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('an admin adds a user (its generated password shown once) and deletes it after confirming', async ({ page }) => {
  await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/users');
  await expect(page.getByText(E2E_CONSOLE_ADMIN.email).first()).toBeVisible();
  const email = unique('added');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} can sign in now` })).toContainText(
    /shown this once/,
  );
  const row = page.getByRole('listitem', { name: email });
  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(row).toHaveCount(0);
});

test('a read-only user sees no write buttons, and its direct POST is refused (403)', async ({ page }) => {
  const reader = await makeUser('read-only');
  await signInToConsole(page, reader, '/console/users');
  await expect(page.getByRole('listitem', { name: E2E_CONSOLE_ADMIN.email })).toBeVisible();
  await expect(page.getByText('Read-only', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Add user|Delete/ })).toHaveCount(0);
  const direct = await page.request.post(`${E2E_BASE_URL}${USERS}`, {
    headers: { origin: E2E_BASE_URL },
    data: { email: unique('sneaky'), role: 'admin' },
  });
  expect(direct.status()).toBe(403);
});

test('after sign-out every console URL asks to sign in again', async ({ page }) => {
  await signInToConsole(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  for (const path of ['/console', '/console/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/console\/sign-in\?next=/);
  }
  expect((await page.request.get(`${E2E_BASE_URL}${USERS}`)).status()).toBe(401);
});

test('ten wrong passwords: the tenth is refused with a wait, in words', async ({ page }) => {
  await page.goto('/console/sign-in');
  const email = unique('guessed');
  for (let i = 1; i <= 10; i++) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(`wrong-password-${i}`);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/console/api/login')),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(answer.status()).toBe(i < 10 ? 401 : 429);
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
      i < 10 ? 'Wrong e-mail or password.' : /^Too many wrong sign-ins\. Wait \d+ minutes? and try again\.$/,
    );
  }
});

test('no accessibility violations on sign-in, /console and /console/users', async ({ page }) => {
  await page.goto('/console/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click(); // with its field errors shown
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await noViolations(page);
  await signInToConsole(page);
  await noViolations(page);
  await page.goto('/console/users');
  await expect(page.getByRole('list', { name: 'Console users' })).toBeVisible();
  await noViolations(page);
});

test('signing in with the keyboard alone', async ({ page }) => {
  await page.goto('/console/sign-in');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(E2E_CONSOLE_ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(E2E_CONSOLE_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
});

test('the console fits a 375 px screen and a 1280 px one without sideways scrolling', async ({ page }) => {
  const fits = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/console', '/console/users']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  };
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/console/sign-in');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await signInToConsole(page);
  await fits(375);
  await fits(1280);
});
