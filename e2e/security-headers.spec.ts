import { expect, test, type Page } from '@playwright/test';
import { createSession, ORDER_AMOUNT } from './support/api';
import { E2E_BASE_URL } from './support/constants';
import { embedEvents, embedEventsOfType } from './support/embed-page';
import { useMerchant } from './support/merchant-server';

/**
 * ADR 021 in a real browser: the checkout runs under its Content-Security-Policy without a single
 * violation (framed by the real SDK 0.8.30 and by a plain iframe), posts its messages to the
 * configured embedder, and a site the session does not name cannot frame it.
 */
const shop = useMerchant();

/** Every CSP violation (event or console report) and uncaught error in the page and its frames. */
const watchViolations = async (page: Page) => {
  const problems: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  page.on('console', (m) => {
    if (m.type() === 'error' && /CSP violation|Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
};

const sessionFor = (embedOrigins?: string[]) =>
  createSession(
    shop.token,
    { return_url: shop.returnUrl() },
    {
      configuration: {
        sandbox: { creditcard: { enabled: true } },
        ...(embedOrigins ? { embed_origins: embedOrigins } : {}),
      },
    },
  );

test('framed by the real SDK on its configured origin: the checkout runs with no CSP violation and the SDK gets its session', async ({
  page,
}) => {
  const problems = await watchViolations(page);
  const session = await sessionFor([shop.merchant.origin]);
  await page.goto(
    `${shop.merchant.origin}/sdk-embed?sid=${encodeURIComponent(session.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=inline`,
  );
  const frame = page.frameLocator('iframe');
  await expect(frame.getByLabel('Card number', { exact: true })).toBeVisible();
  // the SDK accepts only messages from Kassa's origin for this sid: onSession fired with the order
  await expect(page.locator('#sdk-total')).toHaveText(String(ORDER_AMOUNT));
  expect(problems).toEqual([]);
});

/**
 * In the checkout frame only: `window.parent` (a [Replaceable] attribute) becomes a spy that records
 * the target origin of every postMessage the page makes, then posts for real.
 */
const spyOnTargetOrigins = (page: Page) =>
  page.addInitScript((kassaOrigin) => {
    if (window === window.top || location.origin !== kassaOrigin) return;
    const real = window.parent;
    const targets: string[] = [];
    Object.assign(window, { kassaTargets: targets });
    Object.defineProperty(window, 'parent', {
      value: {
        postMessage: (message: unknown, targetOrigin: string) => {
          targets.push(targetOrigin);
          real.postMessage(message, targetOrigin);
        },
      },
    });
  }, E2E_BASE_URL);

for (const [name, embedOrigins] of [
  ['configured', true],
  ['unconfigured (a test account: any site)', false],
] as const) {
  test(`the page posts its messages to the embedder's origin only, never '*' (${name} origins)`, async ({ page }) => {
    await spyOnTargetOrigins(page);
    const session = await sessionFor(embedOrigins ? [shop.merchant.origin] : undefined);
    await page.goto(
      `${shop.merchant.origin}/embed?src=${encodeURIComponent(`${E2E_BASE_URL}/?sid=${session.id}&ui=inline&language=en`)}`,
    );
    await expect.poll(async () => (await embedEventsOfType(page, 'SessionLoaded')).length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f.url().startsWith(E2E_BASE_URL))!;
    const targets = await frame.evaluate(() => (window as unknown as { kassaTargets: string[] }).kassaTargets);
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set([shop.merchant.origin]));
  });
}

test('a plain iframe on the configured origin gets every message from Kassa, and the page has no CSP violation', async ({
  page,
}) => {
  const problems = await watchViolations(page);
  const session = await sessionFor([shop.merchant.origin]);
  await page.goto(
    `${shop.merchant.origin}/embed?src=${encodeURIComponent(`${E2E_BASE_URL}/?sid=${session.id}&ui=inline&language=en`)}`,
  );
  await expect(page.frameLocator('#checkout').getByLabel('Card number', { exact: true })).toBeVisible();
  await expect.poll(async () => (await embedEventsOfType(page, 'SessionLoaded')).length).toBeGreaterThan(0);
  expect(new Set((await embedEvents(page)).map((e) => e.origin))).toEqual(new Set([E2E_BASE_URL]));
  expect(problems).toEqual([]);
});

test('a site the session does not name cannot frame it and receives nothing', async ({ page }) => {
  // the same merchant server under another origin (localhost instead of 127.0.0.1)
  const otherSite = shop.merchant.origin.replace('127.0.0.1', 'localhost');
  const session = await sessionFor([shop.merchant.origin]);
  const refused = page.waitForEvent('console', (m) => m.type() === 'error' && /frame-ancestors/.test(m.text()));
  await page.goto(
    `${otherSite}/embed?src=${encodeURIComponent(`${E2E_BASE_URL}/?sid=${session.id}&ui=inline&language=en`)}`,
  );
  await refused;
  expect(await embedEvents(page)).toEqual([]);
});

test("Next's pages (landing, demo store, embed result, not found) run under their nonce CSP with no violation", async ({
  page,
}) => {
  const problems = await watchViolations(page);
  for (const path of ['/', '/demo', '/embedResult/?sid=unknown&error=cancelled', '/no-such-page']) {
    const response = await page.goto(`${E2E_BASE_URL}${path}`);
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
  }
  // (that the store's client components run under it is shown by e2e/express-demo-store.spec.ts)
  expect(problems).toEqual([]);
});
