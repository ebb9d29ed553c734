/**
 * The README's tables of environment variables, generated: `npm run docs:env` rewrites README.md between
 * the env-table markers, and test/unit/readme-env-table.test.ts (part of `npm test`) fails when they differ
 * or when a variable read in the code is not in them. The server's variables are the env schema's
 * (server/config/env.ts: names and defaults) with their meanings from server/config/env-docs.ts; the few
 * read outside the schema are declared below.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { loadEnv } from '../server/config/env';
import { ENV_DOCS } from '../server/config/env-docs';

export const README_PATH = path.join(__dirname, '..', 'README.md');
export const START_MARKER = '<!-- env-table:start -->';
export const END_MARKER = '<!-- env-table:end -->';

export type EnvRow = { name: string; default: string; about: string };

/** Read by the launcher before the schema is parsed (bin/kassa.ts, scripts/start.mjs). */
export const LAUNCHER_ENV: readonly EnvRow[] = [
  {
    name: 'KASSA_API_ONLY',
    default: 'unset',
    about:
      '`1`: without Next: `/v1`, the checkout page and the health endpoints only (no landing page, sandbox pages or demo store); `npm start` then skips `next build`',
  },
  {
    name: 'KASSA_DEV',
    default: 'unset',
    about: '`1`: the same as `--dev` (Next in development mode, as `npm run dev`)',
  },
];

/** Read only by the tests and the tools (`npm test`, vitest, Playwright, scripts/quality), never by the server. */
export const TEST_ENV: readonly EnvRow[] = [
  {
    name: 'DATABASE_URL',
    default: 'SQLite',
    about:
      '`npm test` runs the integration tests on this PostgreSQL (each in its own schema, dropped at the end); the other checks only with `KASSA_ALL_CHECKS=1`, the browser tests only with `KASSA_BROWSER_TESTS=1`',
  },
  {
    name: 'KASSA_ALL_CHECKS',
    default: 'unset',
    about:
      '`1`: with `DATABASE_URL` set, the type check, lint, import boundaries, formatting and unit tests run on that pass too',
  },
  {
    name: 'KASSA_BROWSER_TESTS',
    default: 'unset',
    about: '`1`: with `DATABASE_URL` set, the browser tests run on PostgreSQL too',
  },
  {
    name: 'KASSA_E2E_PORT',
    default: '`3411`',
    about: 'the port of the server the browser tests start; another one lets two checkouts run them side by side',
  },
  {
    name: 'KASSA_E2E_SCHEMA',
    default: 'new per run',
    about: "the PostgreSQL schema of the browser tests' server (set by playwright.config.ts, dropped after the run)",
  },
  {
    name: 'KASSA_TEST_RUN',
    default: 'new per run',
    about:
      "the id in the names of a vitest run's PostgreSQL schemas (set by its global setup, which drops them at the end)",
  },
  {
    name: 'KASSA_TEST_WAIT_MS',
    default: '`60000`',
    about: 'how long a test waits for a condition before it fails (test timeouts are four times this)',
  },
  { name: 'FUZZ_SEED', default: '`20261124`', about: 'the seed of the fuzz suite (ADR 024); a failure names it' },
  {
    name: 'FUZZ_RUNS',
    default: '`1000` (`150` with `DATABASE_URL`)',
    about: 'generated hostile inputs per operation of the fuzz suite',
  },
  { name: 'FUZZ_HTTP_RUNS', default: '`50`', about: 'of those, how many go over real HTTP (at most `FUZZ_RUNS`)' },
  {
    name: 'FUZZ_OPERATION_BUDGET_MS',
    default: '`170000`',
    about: "the time one operation's fuzz inputs may take",
  },
  { name: 'FUZZ_PROFILE', default: 'unset', about: "set: the fuzz suite prints each operation's time profile" },
  { name: 'CI', default: 'unset', about: 'set: Playwright refuses `test.only` and also writes an HTML report' },
  { name: 'CHROME_PATH', default: '`/usr/bin/chromium`', about: 'the browser of `npm run quality:lighthouse`' },
  {
    name: 'KASSA_QUALITY_CLIENT_ID',
    default: '`quality-client`',
    about: "`npm run quality:lighthouse`: the client it creates, or the running server's with `--url`",
  },
  { name: 'KASSA_QUALITY_CLIENT_SECRET', default: 'a test secret', about: "that client's secret" },
];

/** Read in the code but not documented: the platform's own, or set by Kassa's scripts for themselves. */
export const NOT_DOCUMENTED: Readonly<Record<string, string>> = {
  NODE_ENV: '`npm start` sets production and `npm run dev` development',
  NEXT_TELEMETRY_DISABLED: "Next's own; Kassa's scripts set it to 1",
  NEXT_PHASE: 'set by Next itself while it builds (server/http/kassa-singleton.ts refuses the database then)',
  PATH: 'passed on to the servers the tests start',
  HOME: 'passed on to the servers the tests start',
};

const shown = (value: unknown): string => `\`${String(value)}\``;

/** The server's rows: every schema variable, its default the schema's own (or what being unset means). */
export const serverRows = (): EnvRow[] => {
  // What loadEnv gives with none of the schema's variables set (NODE_ENV only because its type asks for it).
  const defaults: Record<string, unknown> = loadEnv({ NODE_ENV: 'production' });
  const fromSchema = Object.entries(ENV_DOCS).map(([name, doc]) => ({
    name,
    default: 'unset' in doc ? doc.unset : shown(defaults[name]),
    about: doc.about,
  }));
  return [...fromSchema, ...LAUNCHER_ENV];
};

const table = (rows: readonly EnvRow[]): string =>
  [
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| \`${r.name}\` | ${r.default} | ${r.about} |`.replaceAll('\n', ' ')),
  ].join('\n');

/** What stands between the markers, formatted as Prettier formats README.md. */
export const envTableMarkdown = async (): Promise<string> => {
  const markdown = [
    '<!-- Generated by `npm run docs:env` from server/config/env.ts, server/config/env-docs.ts and scripts/env-table.ts: edit those. -->',
    'Booleans take `true` or `false` (also `1`/`0`, `yes`/`no`). A value the schema refuses stops the start with a message naming the variable.',
    table(serverRows()),
    'For the tests and the tools (the server does not read these):',
    table(TEST_ENV),
  ].join('\n\n');
  const options = await prettier.resolveConfig(README_PATH);
  return prettier.format(markdown, { ...options, parser: 'markdown' });
};

/** The generated part of a README text, trimmed (undefined without both markers). */
export const envTableIn = (readme: string): string | undefined => {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START_MARKER.length, end).trim();
};

/** `npm run docs:env`: rewrites the README's table in place. */
const writeReadme = async () => {
  const readme = fs.readFileSync(README_PATH, 'utf8');
  if (envTableIn(readme) === undefined) throw new Error(`README.md has no ${START_MARKER} ... ${END_MARKER} block`);
  const start = readme.indexOf(START_MARKER) + START_MARKER.length;
  const next = `${readme.slice(0, start)}\n\n${await envTableMarkdown()}\n${readme.slice(readme.indexOf(END_MARKER))}`;
  if (next === readme) return console.log('README.md: the environment table is current');
  fs.writeFileSync(README_PATH, next);
  console.log('README.md: the environment table is rewritten');
};

if (process.argv.includes('--write'))
  writeReadme().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
