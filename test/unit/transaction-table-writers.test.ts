import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only the payments stores write the transaction and operation tables (ADR 032): dependency-cruiser sees
 * imports, not SQL, so this test reads the source. A write is Kysely's insertInto/updateTable/deleteFrom/
 * replaceInto/mergeInto, the compiled-once helpers insertRow/updateRows (server/db/compiled-once.ts), or raw
 * SQL (insert into / update / delete from), naming one of the transaction tables of server/db/schema.ts.
 */
const ROOT = join(__dirname, '..', '..');

/** Where a write may stand, and why. */
const ALLOWED: readonly { prefix: string; why: string }[] = [
  { prefix: 'server/payments/store/', why: 'the payments stores: the only writers of transaction state' },
  {
    prefix: 'server/db/migrations/',
    why: 'schema and data migrations run once, at startup, before any request (e.g. 0019 corrects stored rows)',
  },
];

/** Every table of the DB interface whose name starts with `transaction` (transactions, transaction_operations, transaction_events, ...). */
const transactionTables = (): string[] => {
  const schema = readFileSync(join(ROOT, 'server/db/schema.ts'), 'utf8');
  const database = schema.slice(schema.search(/export interface DB\s/));
  return [...database.matchAll(/^\s+(transaction\w*):/gm)].map((m) => m[1]!);
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts|js|mjs)$/.test(e.name) ? [path] : [];
  });

const writePatterns = (tables: readonly string[]): RegExp[] => {
  const table = `(?:${tables.join('|')})`;
  return [
    new RegExp(`\\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\\(\\s*['"\`]${table}['"\`]`, 'g'),
    new RegExp(`\\b(?:insertRow|updateRows)\\(\\s*[^,()]+,\\s*['"\`]${table}['"\`]`, 'g'),
    new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+["']?${table}["']?\\s+(?:set|values|where|\\()`, 'gi'),
  ];
};

/** `file:line: text` of every write to a transaction table in `files`. */
const writesIn = (files: readonly string[], tables: readonly string[]): string[] =>
  files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return writePatterns(tables).flatMap((pattern) =>
      [...text.matchAll(pattern)].map(
        (m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`,
      ),
    );
  });

describe('who writes the transaction tables', () => {
  const tables = transactionTables();

  it('finds the transaction tables in the schema', () => {
    expect(tables).toEqual(expect.arrayContaining(['transactions', 'transaction_operations', 'transaction_events']));
  });

  it('recognises every form of write (Kysely, the compiled-once helpers, raw SQL), multi-line too', () => {
    const sample = [
      "trx.insertInto('transactions').values(row)",
      "trx\n  .updateTable(\n    'transaction_operations'\n  )",
      "db.deleteFrom('transaction_events')",
      "await insertRow(trx, 'transactions', row)",
      "await updateRows(trx,\n 'transaction_operations', set, where)",
      'sql`update transactions set status = ${s} where id = ${id}`',
      'sql`DELETE FROM transaction_events WHERE transaction_id = ${id}`',
    ].join('\n');
    const found = writePatterns(tables).flatMap((p) => [...sample.matchAll(p)]);
    expect(found).toHaveLength(7);
    expect(
      writePatterns(tables).flatMap((p) => [
        ...["trx.selectFrom('transactions')", "insertRow(trx, 'sessions', row)", 'update the transactions list']
          .join('\n')
          .matchAll(p),
      ]),
    ).toEqual([]);
  });

  it('only files under server/payments/store/ (and the migrations) write them', () => {
    const files = sourceFiles('server').filter((f) => !ALLOWED.some((a) => f.startsWith(a.prefix)));
    expect(writesIn(files, tables)).toEqual([]);
    // the stores do write them (the scan would catch a store's statements)
    expect(writesIn(sourceFiles('server/payments/store'), tables).length).toBeGreaterThan(0);
    expect(relative(ROOT, join(ROOT, ALLOWED[0]!.prefix))).toBe('server/payments/store');
  });
});
