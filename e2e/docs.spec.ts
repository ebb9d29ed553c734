import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/constants';

/**
 * The API docs (/docs): every guide and the API reference load with nothing from another origin (any such
 * request is refused here, as if offline), in the side navigation's order, with working links and no axe
 * violation (WCAG 2.2 A/AA, as e2e/accessibility.spec.ts) at 1280 and 375 px.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PAGES = [
  { path: '/docs', title: 'Kassa API docs', nav: 'Overview' },
  { path: '/docs/quick-start', title: 'Quick start', nav: 'Quick start' },
  { path: '/docs/embedding', title: 'Embed the checkout', nav: 'Embed the checkout' },
  { path: '/docs/express-callbacks', title: 'Express callbacks', nav: 'Express callbacks' },
  { path: '/docs/verify-signature', title: 'Verify callback signatures', nav: 'Verify callback signatures' },
  { path: '/docs/test-cards', title: 'Test cards and sandbox', nav: 'Test cards and sandbox' },
  { path: '/docs/reference', title: 'API reference', nav: 'API reference' },
];
const SNIPPETS = path.resolve(__dirname, '../app/docs/_snippets');

/** Refuses every request to another origin (the docs must work offline) and returns the ones it refused. */
const sameOriginOnly = async (page: Page) => {
  const refused: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${E2E_BASE_URL}/`)) return route.continue();
    refused.push(url);
    return route.abort('blockedbyclient');
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { refused, errors };
};

const noViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(described, described.join('\n')).toEqual([]);
};

/** The first operation of the served OpenAPI document: what the reference must show. */
const firstOperation = async (page: Page) => {
  const doc = (await (await page.request.get('/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  const [apiPath, operations] = Object.entries(doc.paths)[0]!;
  const [method, operation] = Object.entries(operations).find(([m]) => m !== 'parameters')!;
  return { apiPath, method: method.toUpperCase(), summary: operation.summary ?? '' };
};

const showsPage = async (page: Page, p: (typeof PAGES)[number]) => {
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: p.nav }),
  ).toHaveAttribute('aria-current', 'page');
  if (p.path === '/docs/reference') {
    const op = await firstOperation(page);
    const summary = page.locator(`.opblock-summary-path[data-path="${op.apiPath}"]`).first();
    await expect(summary).toBeVisible();
    await expect(page.locator('.opblock-summary-method').first()).toHaveText(op.method);
  }
};

for (const width of [1280, 375]) {
  // the reference at 1280 px is checked with its operations open (below): the same page and more of it
  for (const p of PAGES.filter((q) => width !== 1280 || q.path !== '/docs/reference')) {
    test(`${p.path} at ${width} px: loads from this origin alone, no axe violations, no sideways scrolling`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const { refused, errors } = await sameOriginOnly(page);
      await page.goto(p.path);
      await showsPage(page, p);
      await noViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

test('the side navigation leads to every page, and every link on them answers from this origin', async ({ page }) => {
  const { refused } = await sameOriginOnly(page);
  await page.goto('/docs');
  const checked = new Map<string, number>();
  for (const p of PAGES) {
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: p.nav }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${p.path}`);
    await showsPage(page, p);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href.split('#')[0]!));
    for (const href of hrefs) {
      expect(href.startsWith(`${E2E_BASE_URL}/`), `${p.path} links to ${href}`).toBe(true);
      if (!checked.has(href)) checked.set(href, (await page.request.get(href)).status());
    }
  }
  expect([...checked].filter(([, status]) => status !== 200)).toEqual([]);
  expect(checked.has(`${E2E_BASE_URL}/v1/openapi.json`)).toBe(true);
  expect(refused).toEqual([]);
});

test('the reference at 1280 px: loads from this origin alone, no sideways scrolling; operations open, "Try it out" calls this server, Authorize opens; no axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { refused, errors } = await sameOriginOnly(page);
  await page.goto('/docs/reference');
  await showsPage(
    page,
    PAGES.find((q) => q.path === '/docs/reference')!,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const op = await firstOperation(page);
  const first = page
    .locator('.opblock')
    .filter({ has: page.locator(`[data-path="${op.apiPath}"]`) })
    .first();
  await first.locator('.opblock-summary-control').click();
  await expect(first.locator('.opblock-body')).toBeVisible();
  await expect(first.getByText(op.summary).first()).toBeVisible();
  await first.getByRole('button', { name: 'Try it out' }).click();
  await expect(first.getByRole('button', { name: 'Execute' })).toBeVisible();

  const list = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/v1/sessions"]') });
  await list.locator('.opblock-summary-control').click();
  await list.getByRole('button', { name: 'Try it out' }).click();
  await list.getByRole('button', { name: 'Execute' }).click();
  // no token: this server's own 401, shown with its body
  await expect(list.locator('.live-responses-table .response .response-col_status').first()).toHaveText('401');

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await expect(page.locator('.modal-ux')).toBeVisible();
  await noViolations(page);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test('the signature guide shows the tested snippets verbatim', async ({ page }) => {
  await page.goto('/docs/verify-signature');
  for (const file of ['verify-signature.mjs', 'verify_signature.py']) {
    const shown = await page.locator(`pre[aria-label="${file}"]`).innerText();
    expect(shown).toBe(fs.readFileSync(path.join(SNIPPETS, file), 'utf8').trimEnd());
  }
});

test("the reference's script is Swagger UI's bundle from this origin, under its version's name only", async ({
  page,
}) => {
  const { version } = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../node_modules/swagger-ui-dist/package.json'), 'utf8'),
  ) as { version: string };
  const bundle = await page.request.get(`/docs/reference/assets/swagger-ui-bundle-${version}.js`);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['content-type']).toMatch(/^text\/javascript/);
  expect((await bundle.body()).length).toBe(
    fs.statSync(path.resolve(__dirname, '../node_modules/swagger-ui-dist/swagger-ui-bundle.js')).size,
  );
  expect((await page.request.get('/docs/reference/assets/swagger-ui-bundle-0.0.0.js')).status()).toBe(404);
});
