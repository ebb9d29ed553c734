import { defineConfig } from 'vitest/config';

// The numbers of test/support/wait.ts (Vite loads this file on its own and warns when it imports the suite's
// TypeScript, so they are read here the same way; test/unit/test-waits.test.ts checks that the two agree).
const WAIT_MS = Number(process.env.KASSA_TEST_WAIT_MS ?? 60_000);
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/build-server-bundle.ts'],
    environment: 'node',
    // Generous on purpose (test/support/wait.ts): a wait returns as soon as its condition holds.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: WAIT_MS, interval: 50 } },
    // Integration tests each get their own database (SQLite file or PostgreSQL schema).
    pool: 'forks',
    maxWorkers: 2,
  },
});
