import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_TIMEOUT_MS, WAIT_MS } from '../support/wait';

/**
 * Every wait in the suite is on a condition, with its deadline from test/support/wait.ts (generous, so
 * the suite passes on a machine many times slower or busier), never a number of its own that says "it
 * should have happened by now" (issue 24, item 11: two tests failed on a busy machine that way).
 */
const ROOTS = ['test', 'e2e'];
const EXEMPT = new Set(['test/support/wait.ts', 'test/unit/test-waits.test.ts']);

const RULES: { what: string; pattern: RegExp }[] = [
  {
    what: 'a wait or assertion with a deadline of its own (use the default, or WAIT_MS)',
    pattern: /\btimeout:\s*[\d_]+\b/,
  },
  { what: "a test's own time limit (the config's TEST_TIMEOUT_MS applies)", pattern: /^\s*\},\s*[\d_]+\);\s*$/ },
  { what: 'a waitFor with a deadline of its own', pattern: /\bwaitFor\([^;]*,\s*[\d_]{3,}\s*[,)]/ },
  { what: 'a deadline of its own', pattern: /\b(deadline|until)\s*=\s*Date\.now\(\)\s*\+\s*[\d_]+/ },
  { what: 'an upper bound on how long something took', pattern: /Date\.now\(\)\s*-\s*[\w.]+\)?[^;]*\.toBeLessThan/ },
];

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|mts|tsx)$/.test(e.name) ? [p] : [];
  });

const findings = (root: string) =>
  ROOTS.flatMap((r) => sources(path.join(root, r))).flatMap((file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (EXEMPT.has(rel)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        RULES.filter((r) => r.pattern.test(line)).map((r) => `${rel}:${i + 1}: ${r.what}: ${line.trim()}`),
      );
  });

describe('waits in the test suite', () => {
  it('take their deadline from test/support/wait.ts, never a number of their own', () => {
    expect(findings(process.cwd())).toEqual([]);
  });

  it('the runner uses the same deadlines as test/support/wait.ts', () => {
    // the worker's resolved config (vitest keeps it there; no public getter)
    type Resolved = { testTimeout: number; hookTimeout: number; expect: { poll?: { timeout?: number } } };
    const config = (globalThis as { __vitest_worker__?: { config: Resolved } }).__vitest_worker__?.config;
    expect(config?.hookTimeout).toBe(TEST_TIMEOUT_MS);
    expect(config?.testTimeout).toBe(TEST_TIMEOUT_MS);
    expect(config?.expect.poll?.timeout).toBe(WAIT_MS);
  });

  it('the rules see each kind of fixed deadline', () => {
    const caught = (line: string) => RULES.some((r) => r.pattern.test(line));
    expect(caught('await expect.poll(() => n(), { timeout: 10_000 }).toBe(1);')).toBe(true);
    expect(caught('  }, 60_000);')).toBe(true);
    expect(caught('await merchant.waitFor(1, 5000);')).toBe(true);
    expect(caught('const deadline = Date.now() + 20_000;')).toBe(true);
    expect(caught("expect(Date.now() - started, 'set-up').toBeLessThan(6000);")).toBe(true);
    expect(caught('await expect.poll(() => n(), { interval: 50 }).toBe(1);')).toBe(false);
    expect(caught('const deadline = Date.now() + WAIT_MS;')).toBe(false);
  });
});
