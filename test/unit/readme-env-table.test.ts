import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_DOCS } from '../../server/config/env-docs';
import {
  END_MARKER,
  envTableIn,
  envTableMarkdown,
  NOT_DOCUMENTED,
  README_PATH,
  serverRows,
  START_MARKER,
  TEST_ENV,
} from '../../scripts/env-table';

/**
 * The README's environment tables are generated from the env schema (scripts/env-table.ts, issue 26):
 * they must be what the generator writes, and every variable the code reads must be in them.
 */
const ROOT = join(__dirname, '..', '..');
/** Where the server, its launcher, the build and the tests read the environment. */
const SCANNED = ['server', 'bin', 'scripts', 'e2e', 'test/support', 'playwright.config.ts', 'vitest.config.mts'];
const FIX = 'run `npm run docs:env` (edit server/config/env-docs.ts or scripts/env-table.ts, not the README)';

const sourceFiles = (rel: string): string[] => {
  const abs = join(ROOT, rel);
  if (/\.(ts|tsx|mts|js|mjs|cjs|sh)$/.test(rel)) return [rel];
  try {
    return readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() || /\.(ts|tsx|mts|js|mjs|cjs|sh)$/.test(e.name) ? sourceFiles(`${rel}/${e.name}`) : [],
    );
  } catch {
    return [];
  }
};

/** The variables a source text reads: `process.env.X`, `process.env['X']`, `{ X } = process.env`; in shell `${X:-...}`. */
const namesIn = (text: string, shell: boolean): string[] => {
  if (shell) return [...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*):?[-+=?]/g)].map((m) => m[1]!);
  const direct = [/process\.env\.([A-Z_][A-Z0-9_]*)/g, /process\.env\[\s*['"`]([A-Z_][A-Z0-9_]*)['"`]\s*\]/g].flatMap(
    (pattern) => [...text.matchAll(pattern)].map((m) => m[1]!),
  );
  const destructured = [...text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)].flatMap((m) =>
    [...m[1]!.matchAll(/\b([A-Z_][A-Z0-9_]*)\b/g)].map((n) => n[1]!),
  );
  return [...direct, ...destructured];
};

/** Variable name → the files that read it. */
const variablesRead = (files: readonly string[]): Map<string, string[]> => {
  const read = new Map<string, string[]>();
  for (const file of files)
    for (const name of namesIn(readFileSync(join(ROOT, file), 'utf8'), file.endsWith('.sh')))
      read.set(name, [...new Set([...(read.get(name) ?? []), file])]);
  return read;
};

describe('the README environment tables', () => {
  it('are what `npm run docs:env` writes', async () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const inReadme = envTableIn(readme);
    expect(inReadme, `README.md needs a ${START_MARKER} ... ${END_MARKER} block: ${FIX}`).toBeDefined();
    expect(inReadme, `README.md's environment tables are out of date: ${FIX}`).toBe((await envTableMarkdown()).trim());
  });

  it("agree with the README's other tables (Abuse limits) on every default they repeat", () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const outside = readme.slice(0, readme.indexOf(START_MARKER)) + readme.slice(readme.indexOf(END_MARKER));
    const defaults = new Map(serverRows().map((r) => [r.name, r.default]));
    const repeated = [...outside.matchAll(/^\| `([A-Z][A-Z0-9_]*)`\s*\| (`[^`|]*`)\s*\|/gm)].filter((m) =>
      defaults.has(m[1]!),
    );
    expect(repeated.length).toBeGreaterThan(5);
    for (const [, name, shown] of repeated)
      expect(shown, `README.md's other row for ${name}`).toBe(defaults.get(name!));
  });

  it('name every variable of the env schema once, each with a meaning and a default', () => {
    const schema = readFileSync(join(ROOT, 'server/config/env.ts'), 'utf8');
    const declared = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*):\s/gm)].map((m) => m[1]!);
    expect(declared.length).toBeGreaterThan(40);
    expect(Object.keys(ENV_DOCS).sort()).toEqual([...declared].sort());
    const rows = serverRows();
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    for (const row of [...rows, ...TEST_ENV]) {
      expect(row.about.trim(), row.name).not.toBe('');
      expect(row.default.trim(), row.name).not.toBe('');
    }
    // The defaults are the schema's own: the README shows what loadEnv gives without the variable.
    expect(rows.find((r) => r.name === 'PORT')?.default).toBe('`3000`');
    expect(rows.find((r) => r.name === 'KASSA_TRUST_PROXY')?.default).toBe('`false`');
  });

  it('document every variable read in server/, bin/, scripts/, e2e/ and test/support/', () => {
    const read = variablesRead(SCANNED.flatMap(sourceFiles));
    const documented = new Set([...serverRows(), ...TEST_ENV].map((r) => r.name));
    const missing = [...read].filter(([name]) => !documented.has(name) && !(name in NOT_DOCUMENTED));
    expect(
      missing.map(([name, files]) => `${name} (read in ${files.join(', ')})`),
      `variables read but not in the README: add them to the env schema (server/config/env.ts and env-docs.ts) or to LAUNCHER_ENV / TEST_ENV in scripts/env-table.ts, then ${FIX}`,
    ).toEqual([]);
  });

  it('list no variable outside the schema that nothing reads', () => {
    const read = variablesRead(SCANNED.flatMap(sourceFiles));
    const outsideSchema = [...serverRows(), ...TEST_ENV].filter((r) => !(r.name in ENV_DOCS)).map((r) => r.name);
    expect(outsideSchema.filter((name) => !read.has(name))).toEqual([]);
    expect(Object.keys(NOT_DOCUMENTED).filter((name) => !read.has(name))).toEqual([]);
  });

  it('the scan finds reads of every form it looks for', () => {
    const ts = "const a = process.env.ONE_X; b = process.env['TWO'];\nconst { THREE, lower } = process.env; env.FOUR;";
    expect(namesIn(ts, false).sort()).toEqual(['ONE_X', 'THREE', 'TWO']);
    expect(namesIn('[ -n "${DB_URL:-}" ] && echo ${A:+x} ${LOCAL} $PLAIN', true)).toEqual(['DB_URL', 'A']);
    expect(sourceFiles('scripts')).toContain('scripts/test.sh');
    const read = variablesRead(['scripts/test.sh', 'e2e/support/constants.ts', 'bin/kassa.ts']);
    expect(read.get('KASSA_BROWSER_TESTS')).toEqual(['scripts/test.sh']);
    expect(read.get('KASSA_E2E_PORT')).toEqual(['e2e/support/constants.ts']);
    expect(read.get('KASSA_API_ONLY')).toEqual(['bin/kassa.ts']);
  });
});
