/**
 * Issue 38 item 6: no card number, PIN-bearing gift card number or secret of the tests reaches the
 * server's log. Reads the browser tests' output (`npm test` keeps it in test-results/playwright-output.log),
 * takes the JSON log lines the production server wrote (`[WebServer] {...}`: provider calls, errors;
 * not its startup banner, which names the sandbox's test card on purpose) and fails, naming the line, when one holds a card number the
 * tests type (with or without its spaces) or a secret they sign in with.
 *   npx tsx scripts/scan-logs.ts test-results/playwright-output.log
 */
import fs from 'node:fs';
import { CARDS, E2E_CONSOLE_ADMIN, E2E_CREDENTIALS, E2E_DEMO_MERCHANT, GIFT_CARD } from '../e2e/support/constants';

const cards = [...Object.values(CARDS), GIFT_CARD.number].flatMap((n) => [n, n.replace(/\s/g, '')]);
const secrets = [E2E_CREDENTIALS.clientSecret, E2E_DEMO_MERCHANT.clientSecret, E2E_CONSOLE_ADMIN.password];
const needles = [...cards, ...secrets];

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: scan-logs.ts <output file>...');
let serverLines = 0;
const found: string[] = [];
for (const file of files) {
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.startsWith('[WebServer] {')) return;
      serverLines++;
      for (const needle of needles)
        if (line.includes(needle))
          found.push(`${file}:${i + 1}: holds ${needle.slice(0, 4)}… (${needle.length} characters)`);
    });
}
if (found.length > 0) {
  console.error(`== the server's log holds a card number or a secret:\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`== the server's log: ${serverLines} lines, no card number or secret of the tests`);
