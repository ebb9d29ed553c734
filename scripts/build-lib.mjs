// Shared by build.mjs (`npm run build`), start.mjs (`npm start`) and the vitest global setup:
// what to build, and whether a build is current. "Current" is decided by content, not timestamps:
// a stamp file beside each build holds the hash of its inputs (paths and file contents), so a
// `git pull` that changes a source rebuilds, and a start with nothing changed never does.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist', 'server', 'kassa.js');

const COMMON = ['server', 'package.json', 'package-lock.json', 'tsconfig.json'];
const TARGETS = {
  next: {
    stamp: path.join(root, '.next', 'kassa-build-stamp'),
    output: path.join(root, '.next', 'BUILD_ID'),
    inputs: [...COMMON, 'app', 'components', 'public', 'next.config.ts', 'postcss.config.mjs'],
  },
  // The server renders the checkout page (ADR 018), so its bundle and the page's browser assets are built together.
  server: {
    stamp: path.join(root, 'dist', 'server', 'kassa-build-stamp'),
    output: serverBundle,
    inputs: [...COMMON, 'bin', 'app', 'components', 'domain', 'postcss.config.mjs', 'scripts/build-lib.mjs'],
  },
};

const files = (rel) => {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs)
    .sort()
    .flatMap((name) => files(path.join(rel, name)));
};

/** Hash of the target's input files (a few hundred small files: milliseconds). */
export const inputHash = (target) => {
  const h = createHash('sha256');
  for (const rel of TARGETS[target].inputs.flatMap(files))
    h.update(`${rel}\0`)
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0');
  return h.digest('hex');
};

export const isCurrent = (target) => {
  const t = TARGETS[target];
  return (
    fs.existsSync(t.output) && fs.existsSync(t.stamp) && fs.readFileSync(t.stamp, 'utf8').trim() === inputHash(target)
  );
};

const writeStamp = (target, hash) => fs.writeFileSync(TARGETS[target].stamp, `${hash}\n`);

const PRODUCTION_ENV = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

/** How long the build has run, as people say it: "45 s", "3 min 05 s". */
const elapsed = (since) => {
  const s = Math.round((Date.now() - since) / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** Next prints nothing while it compiles (minutes on a small machine): say it is still at it, this often. */
export const HEARTBEAT_MS = 15_000;

/**
 * `next build` (the pages Next serves: landing, sandbox, demo store, console), in a child process that ends with the build.
 * Its output is passed through as it comes; with `progress`, a line on stderr every HEARTBEAT_MS in which
 * Next printed nothing says how long it has been building and the phase Next last named.
 */
export const buildNext = ({ progress = true } = {}) => {
  const hash = inputHash('next');
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: PRODUCTION_ENV,
  });
  let lastPhase = 'starting';
  let lastOutput = Date.now();
  const pass = (to) => (chunk) => {
    to.write(chunk);
    lastOutput = Date.now();
    const lines = chunk
      .toString()
      .split(/\r?\n|\r/)
      // eslint-disable-next-line no-control-regex -- colour codes (ESC [ ... m), should Next print any
      .map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim())
      .filter(Boolean);
    // Next's phases: "Creating an optimized production build ...", "Running TypeScript ...", "Generating static pages (3/12)".
    const phase = lines.findLast((l) => /\.\.\.$|\(\d+\/\d+\)/.test(l));
    if (phase) lastPhase = phase;
  };
  child.stdout.on('data', pass(process.stdout));
  child.stderr.on('data', pass(process.stderr));
  const heartbeat = progress
    ? setInterval(() => {
        if (Date.now() - lastOutput < HEARTBEAT_MS - 1000) return;
        console.error(`  ... still building the pages (next build), ${elapsed(started)} so far; Next: ${lastPhase}`);
      }, HEARTBEAT_MS)
    : undefined;
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(heartbeat);
      if (code !== 0) return reject(new Error(`next build failed (exit ${code ?? signal})`));
      writeStamp('next', hash);
      resolve(Date.now() - started);
    });
  }).then((ms) => {
    if (progress) console.error(`Built the pages in ${elapsed(started)}.`);
    return ms;
  });
};

/** `server-only` throws outside React Server Components; the node server is server-side by definition. */
const serverOnly = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * The server bundle: bin/kassa.ts and everything it imports from server/, in one CommonJS file
 * for Node 20 (dist/server/kassa.js, with a source map). npm packages stay external: node_modules
 * is there at run time, and native better-sqlite3 and Next cannot be bundled anyway.
 */
export const buildServer = async ({ quiet = false } = {}) => {
  const hash = inputHash('server');
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (e) {
    throw new Error(
      `Cannot build the server bundle (${e.message}). esbuild is a development dependency: run \`npm install\` with dev dependencies, or ship dist/ from \`npm run build\`.`,
      {
        cause: e,
      },
    );
  }
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['bin/kassa.ts'],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: quiet ? 'error' : 'warning',
    jsx: 'automatic',
    plugins: [serverOnly],
  });
  await buildCheckoutAssets({ quiet });
  writeStamp('server', hash);
};

export const checkoutAssetsDir = path.join(root, 'dist', 'checkout');

/**
 * The checkout page's browser assets (ADR 018) into dist/checkout/: the island's ES modules
 * (entry, shared chunks, one chunk per language and per lazily loaded part; content-hashed
 * names, each also compressed ahead of time: brotli 11 and gzip 9), the Tailwind stylesheet, and manifest.json naming the
 * entry, the chunks it imports at once and the stylesheet.
 */
export const buildCheckoutAssets = async ({ quiet = false } = {}) => {
  const esbuild = await import('esbuild');
  const { default: postcss } = await import('postcss');
  const { default: tailwind } = await import('@tailwindcss/postcss');
  const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
  fs.rmSync(checkoutAssetsDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { checkout: 'components/checkout/island-entry.tsx' },
    outdir: checkoutAssetsDir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    // V8's explicit compile hint (ADR 038): every function of a chunk is compiled on the thread that streams the
    // script in, not lazily on the main thread when first called. A chunk loads only when the page is about to run it.
    banner: { js: '//# allFunctionsCalledOnLoad' },
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  const outputs = result.metafile.outputs;
  const rel = (abs) => path.relative(checkoutAssetsDir, path.resolve(root, abs)).split(path.sep).join('/');
  const entryPath = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'components/checkout/island-entry.tsx');
  // Every chunk the entry needs before it runs (static imports, transitively): preloaded beside it.
  const needed = new Set();
  const visit = (file) =>
    outputs[file].imports
      .filter((i) => i.kind === 'import-statement' && !needed.has(i.path))
      .forEach((i) => (needed.add(i.path), visit(i.path)));
  visit(entryPath);
  const preload = [...needed].map(rel);
  for (const file of Object.keys(outputs).filter((f) => f.endsWith('.js'))) {
    const abs = path.resolve(root, file);
    const source = fs.readFileSync(abs);
    fs.writeFileSync(`${abs}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
    fs.writeFileSync(
      `${abs}.br`,
      brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    );
  }
  // The checkout's own stylesheet (ADR 038): Tailwind's classes from the files of the island and of the page around
  // it only, not from the console's and the docs' pages (a quarter of the rules fewer to parse and match).
  const pageFiles = fs.readdirSync(path.join(root, 'app', '_checkout')).map((f) => `app/_checkout/${f}`);
  const sources = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules')), ...pageFiles];
  const globals = path.join(root, 'app', 'globals.css');
  const source = fs
    .readFileSync(globals, 'utf8')
    .replace(
      "@import 'tailwindcss';",
      [
        "@import 'tailwindcss' source(none);",
        ...sources.map((f) => `@source '${path.relative(path.dirname(globals), path.join(root, f))}';`),
      ].join('\n'),
    );
  if (!source.includes('source(none)')) throw new Error("app/globals.css no longer starts with @import 'tailwindcss'");
  const css = await postcss([tailwind({ base: root, optimize: { minify: true } })]).process(source, { from: globals });
  const cssName = `checkout-${createHash('sha256').update(css.css).digest('hex').slice(0, 10)}.css`;
  fs.writeFileSync(path.join(checkoutAssetsDir, cssName), css.css);
  fs.writeFileSync(
    path.join(checkoutAssetsDir, 'manifest.json'),
    JSON.stringify({ entry: rel(entryPath), preload, css: cssName }, null, 2),
  );
};

/** What `buildMissing` says before it builds: what, why, and on a first start that it happens once. */
export const buildAnnouncement = ({ targets, first }) => {
  const parts = {
    server: 'the server and the checkout page (seconds)',
    next: 'the landing, demo store and console pages with next build (a few minutes on a small machine)',
  };
  const what = targets.map((t) => parts[t]).join(', then ');
  return first
    ? `First start: building Kassa once: ${what}. Later starts skip this until the sources change.`
    : `The sources changed since the last build: rebuilding ${what}.`;
};

/** Builds what is missing or out of date; returns what was built. Says nothing when everything is current. */
export const buildMissing = async ({ next = true, quiet = false } = {}) => {
  const targets = ['server', ...(next ? ['next'] : [])].filter((t) => !isCurrent(t));
  if (targets.length === 0) return [];
  const say = quiet ? () => {} : (line) => console.error(line);
  say(buildAnnouncement({ targets, first: targets.some((t) => !fs.existsSync(TARGETS[t].output)) }));
  if (targets.includes('server')) {
    const started = Date.now();
    say('Building the server (dist/server/kassa.js) and the checkout page (dist/checkout/)...');
    await buildServer({ quiet });
    say(`Built the server in ${elapsed(started)}.`);
  }
  if (targets.includes('next')) {
    say('Building the pages (next build)...');
    await buildNext({ progress: !quiet });
  }
  return targets;
};
