import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/build-server-bundle.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests each get their own database (SQLite file or PostgreSQL schema).
    pool: 'forks',
    maxWorkers: 2,
  },
});
