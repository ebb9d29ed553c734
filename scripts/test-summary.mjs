#!/usr/bin/env node
// Prints the closing lines for the whole run from the vitest and Playwright JSON reports: each failed
// test by file and name (with the first lines of its error: what failed and what was seen), then "tests: N passed, N failed" (plus
// skipped when any). The failures come last so that the tail of a CI log names them.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
/** Terminal colour codes (ESC [ ... m), which vitest leaves in its failure messages. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** The first lines of an error, on one line: an assertion's own, its locator and what it saw (a CI log keeps only its tail). */
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '))
    .slice(0, 6)
    .join(' ⏎ ');

if (vitestFile && fs.existsSync(vitestFile)) {
  const v = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  // a test file that failed to load has no failed tests of its own: count it once
  if (!v.numFailedTests && v.numFailedTestSuites) failed += v.numFailedTestSuites;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const bad = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of bad) failures.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && bad.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
  }
} else {
  failed += 1;
  console.error('no vitest report');
}

function playwrightFailures(suite, path) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results?.find((r) => r.error)?.error?.message;
      failures.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, suite.file ? [...path, child.title] : path);
}

if (playwrightFile === undefined) {
  // the browser tests did not run in this pass (scripts/test.sh: the PostgreSQL pass leaves them to the default engine)
} else if (fs.existsSync(playwrightFile)) {
  const p = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  skipped += p.stats?.skipped ?? 0;
  for (const suite of p.suites ?? []) playwrightFailures(suite, []);
} else {
  failed += 1;
  console.error('no Playwright report');
}

for (const failure of failures) console.log(`FAILED ${failure.slice(0, 1000)}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
