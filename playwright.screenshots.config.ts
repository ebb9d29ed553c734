import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: the browser-test server and browser, running the screenshot script instead of the tests. */
export default defineConfig({
  ...base,
  testDir: 'scripts/screenshots',
  outputDir: 'test-results/screenshots',
  reporter: 'list',
});
