import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CHECKOUT_STATES } from './support/checkout-states';

/**
 * axe-core finds no WCAG 2.2 A/AA violation in any state of the checkout, in English and Norwegian.
 * `npm run quality:a11y` runs just this file and prints the summary (test-results/quality/axe.json).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const summary: { state: string; language: string; violations: number; rules: string[] }[] = [];

test.afterAll(() => {
  const dir = path.resolve(__dirname, '../test-results/quality');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'axe.json'), JSON.stringify({ tags: TAGS, states: summary }, null, 2));
});

for (const language of ['en', 'nb']) {
  for (const [state, reach] of Object.entries(CHECKOUT_STATES)) {
    test(`no accessibility violations: ${state} (${language})`, async ({ page }) => {
      await reach(page, language);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      summary.push({ state, language, violations: violations.length, rules: violations.map((v) => v.id) });
      const described = violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
      );
      expect(described, described.join('\n')).toEqual([]);
    });
  }
}

test('a customer pays with the keyboard alone, always seeing where the focus is', async ({ page }) => {
  await CHECKOUT_STATES['card errors shown']!(page, 'en'); // a card-only session; the summary took focus
  await page.goto(page.url());
  const focusRing = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  // Tab until the card number has focus, typing as a keyboard user does
  for (
    let i = 0;
    i < 20 && !(await page.getByLabel('Card number', { exact: true }).evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  expect(await focusRing()).not.toBe('none');
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeFocused();
  expect(await focusRing()).not.toBe('none');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/demo\/return/);
});
