import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

// The numbers of test/support/wait.ts (Vite loads this file on its own and warns when it imports the suite's
// TypeScript, so they are read here the same way; test/unit/test-waits.test.ts checks that the two agree).
const WAIT_MS = Number(process.env.KASSA_TEST_WAIT_MS ?? 60_000);
const TEST_TIMEOUT_MS = 4 * WAIT_MS;

// ADR 035: test files share their worker's loaded modules (importing the server once per worker, not once per
// file, was half of the suite's time), except those that replace modules or use process-wide state; they are
// listed with the reason in test/isolated-files.json (test/unit/vitest-isolation.test.ts keeps the list complete).
const ISOLATED = Object.keys(
  JSON.parse(fs.readFileSync(new URL('./test/isolated-files.json', import.meta.url), 'utf8')) as Record<string, string>,
);

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts', 'test/support/build-server-bundle.ts'],
    environment: 'node',
    // Generous on purpose (test/support/wait.ts): a wait returns as soon as its condition holds.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: WAIT_MS, interval: 50 } },
    // Integration tests each get their own database (SQLite file or PostgreSQL schema).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
