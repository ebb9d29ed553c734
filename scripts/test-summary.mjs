#!/usr/bin/env node
// Prints one closing line for the whole run from the vitest and Playwright JSON reports:
// "tests: N passed, N failed" (plus skipped when any).
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && fs.existsSync(vitestFile)) {
  const v = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  // a test file that failed to load has no failed tests of its own: count it once
  if (!v.numFailedTests && v.numFailedTestSuites) failed += v.numFailedTestSuites;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else {
  failed += 1;
  console.error('no vitest report');
}

if (playwrightFile === undefined) {
  // the browser tests did not run in this pass (scripts/test.sh: the PostgreSQL pass leaves them to the default engine)
} else if (fs.existsSync(playwrightFile)) {
  const p = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  skipped += p.stats?.skipped ?? 0;
} else {
  failed += 1;
  console.error('no Playwright report');
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
