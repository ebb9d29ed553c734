import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Checks } from './checks';
import { ROOT, type Tally } from './harness';

export interface ScenarioResult {
  name: string;
  engine: string;
  seconds: number;
  tally: Tally;
  checks: Checks;
  facts: Record<string, number | string>;
  notes: string[];
}

const classes = ['2xx', '4xx', '503', '5xx', 'no answer'];

export const printResult = (r: ScenarioResult): void => {
  const t = r.tally;
  console.log(
    `\n== ${r.name} (${r.engine}, ${r.seconds} s): ${t.total} requests, ${t.count('2xx')} 2xx, ${t.count('4xx')} 4xx, ${t.count('503')} 503, ${t.count('no answer')} unanswered`,
  );
  for (const [k, v] of Object.entries(r.facts)) console.log(`   ${k}: ${v}`);
  for (const c of r.checks.list)
    console.log(
      `   ${c.failures.length ? 'FAIL' : 'ok  '} ${c.name}${c.failures.length ? `\n        ${c.failures.join('\n        ')}` : ''}`,
    );
  for (const n of r.notes) console.log(`   note: ${n}`);
  console.log(`   checks: ${r.checks.passed} passed, ${r.checks.failed} failed`);
};

const commit = (): string => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
};

/** docs/soak.md: the last run's results, one section per scenario. */
export const writeReport = (results: ScenarioResult[], settings: Record<string, string | number>): string => {
  const file = path.join(ROOT, 'docs', 'soak.md');
  const lines = [
    '# Soak: results of the last run',
    '',
    'Written by `npm run soak` (soak/, ADR 022); the README\'s "Soak" section says how to run it. Every',
    'check is computed from the stored data and the merchant endpoint after the run; any failed check',
    'makes the run exit non-zero.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${commit()}`,
    `- Machine: ${process.platform} ${process.arch}, Node ${process.version}, ${os.cpus().length} cores (shared with other work)`,
    `- Settings: ${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
    '',
    '| scenario | engine | seconds | requests | ' + classes.join(' | ') + ' | checks passed | failed |',
    '| --- | --- | --: | --: | ' + classes.map(() => '--:').join(' | ') + ' | --: | --: |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.engine} | ${r.seconds} | ${r.tally.total} | ${classes.map((c) => r.tally.count(c)).join(' | ')} | ${r.checks.passed} | ${r.checks.failed} |`,
    ),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.name} (${r.engine})`, '');
    lines.push('Requests by operation:', '');
    lines.push('| operation | ' + classes.join(' | ') + ' |', '| --- | ' + classes.map(() => '--:').join(' | ') + ' |');
    for (const [op, per] of r.tally.counts)
      lines.push(`| ${op} | ${classes.map((c) => per.get(c) ?? 0).join(' | ')} |`);
    lines.push('');
    for (const [k, v] of Object.entries(r.facts)) lines.push(`- ${k}: ${v}`);
    lines.push('');
    for (const c of r.checks.list)
      lines.push(
        `- ${c.failures.length ? '**FAIL**' : 'pass'}: ${c.name}${c.failures.length ? ` (${c.failures.join('; ')})` : ''}`,
      );
    for (const n of r.notes) lines.push(`- note: ${n}`);
    lines.push('');
  }
  fs.writeFileSync(file, lines.join('\n'));
  // formatted like every other file (npm run format:check)
  spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--write', file], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return file;
};
