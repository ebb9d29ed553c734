import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_CONSOLE_ADMIN, E2E_CREDENTIALS, E2E_DEMO_MERCHANT, E2E_PORT } from './e2e/support/constants';
import { TEST_TIMEOUT_MS, WAIT_MS } from './test/support/wait';

/**
 * Browser tests against the production server (dist/server/kassa.js), which serves the
 * built Next app: run `npm run build` first. Every run gets a fresh SQLite data
 * directory (or uses DATABASE_URL when it is set).
 */
const dataDir = path.join(os.tmpdir(), `kassa-e2e-data-${process.pid}-${Date.now()}`);
// On PostgreSQL every run gets its own schema (dropped by the global teardown); workers inherit the name.
process.env.KASSA_E2E_SCHEMA ??= `e2e_${process.pid}_${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  // A subfolder: Playwright empties its outputDir, and test-results/ also holds the other test reports.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous on purpose (test/support/wait.ts): an assertion returns as soon as it holds.
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: WAIT_MS },
  forbidOnly: Boolean(process.env.CI),
  globalTeardown: './e2e/support/global-teardown.ts',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The compiled server (npm run build: next build + dist/server/kassa.js), as `npm start` runs it.
    command: 'node --enable-source-maps dist/server/kassa.js',
    url: `${E2E_BASE_URL}/v1/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      KASSA_DATA_DIR: dataDir,
      ...(process.env.DATABASE_URL ? { KASSA_DATABASE_SCHEMA: process.env.KASSA_E2E_SCHEMA } : {}),
      KASSA_CALLBACK_POLL_MS: '50',
      KASSA_CALLBACK_RETRY_BASE_MS: '100',
      KASSA_BOOTSTRAP_ACCOUNT: E2E_CREDENTIALS.accountId,
      KASSA_BOOTSTRAP_CLIENT_ID: E2E_CREDENTIALS.clientId,
      KASSA_BOOTSTRAP_CLIENT_SECRET: E2E_CREDENTIALS.clientSecret,
      // a real setup (KASSA_BOOTSTRAP_*) has no demo store unless it is enabled; it runs on its own account (ADR 029)
      KASSA_DEMO: 'true',
      KASSA_DEMO_CLIENT_SECRET: E2E_DEMO_MERCHANT.clientSecret,
      // the console's admin (ADR 033); every browser test signs in from 127.0.0.1, so the per-address limit
      // must not lock the others out after the spec that makes one e-mail reach its limit
      KASSA_CONSOLE_ADMIN_EMAIL: E2E_CONSOLE_ADMIN.email,
      KASSA_CONSOLE_ADMIN_PASSWORD: E2E_CONSOLE_ADMIN.password,
      KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS: '1000',
    },
  },
});
