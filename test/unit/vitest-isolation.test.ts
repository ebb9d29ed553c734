import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ADR 035: test files share their worker's loaded modules, so a file that replaces a module or changes process-wide
 * state must run on its own (the "isolated" project of vitest.config.mts, listed in test/isolated-files.json).
 * A new file of that kind that is not listed would leak into the files after it; a listed file that no longer needs
 * it would cost time for nothing.
 */
const ROOT = path.resolve(__dirname, '../..');
const PROCESS_WIDE: Array<[string, RegExp]> = [
  ['replaces a module', /\bvi\.(do)?mock\(/],
  [
    'writes process.env',
    /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*(=[^=]|\?\?=)|Object\.assign\(process\.env|delete process\.env|process\.env = /,
  ],
  ["uses the process's Kassa", /\b(getKassa|useDemoKassa)\(/],
];

const testFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });

const reasonsOf = (file: string) => {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const reasons = PROCESS_WIDE.filter(([, re]) => re.test(text)).map(([why]) => why);
  // a stub the file itself undoes (vi.unstubAllGlobals / vi.unstubAllEnvs) leaves nothing behind
  for (const kind of ['Global', 'Env'])
    if (text.includes(`vi.stub${kind}(`) && !text.includes(`vi.unstubAll${kind}s(`))
      reasons.push(`stubs ${kind} for good`);
  return reasons;
};

describe('which test files run isolated', () => {
  const listed = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/isolated-files.json'), 'utf8')) as Record<
    string,
    string
  >;

  it('lists every test file that replaces a module or changes process-wide state', () => {
    const needing = testFiles('test').filter(
      (f) => reasonsOf(f).length > 0 && f !== 'test/unit/vitest-isolation.test.ts',
    );
    expect(needing.filter((f) => !(f in listed))).toEqual([]);
    expect(needing.length).toBeGreaterThan(0);
  });

  it('lists only files that exist and need it, each with its reason', () => {
    for (const [file, reason] of Object.entries(listed)) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(reasonsOf(file), file).not.toEqual([]);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });
});
