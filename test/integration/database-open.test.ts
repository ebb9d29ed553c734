import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { randomBase58 } from '../../server/shared/ids';

/**
 * Other test files (and other test runs on the same PostgreSQL) create and drop their databases
 * while this one opens and migrates its own. Kysely's PostgreSQL introspector looked at every
 * schema by name and failed with `schema "<someone else's>" does not exist` when one was dropped
 * meanwhile; the migrator must only ever look at its own schema (server/db/own-schema-introspector.ts).
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const run = process.env.KASSA_TEST_RUN ?? 'x';

/** Creates and drops other databases (schemas with a table, or SQLite directories) until stopped. */
const churnOtherDatabases = async () => {
  let stopped = false;
  let created = 0;
  const url = process.env.DATABASE_URL;
  let loop: Promise<void>;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    loop = (async () => {
      while (!stopped) {
        const schema = `t_${run}_churn_${randomBase58(8).toLowerCase()}`;
        await client.query(
          `create schema "${schema}"; create table "${schema}".kassa_migrations (name text primary key, a int, b text, c int)`,
        );
        await client.query(`drop schema "${schema}" cascade`);
        created++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await client.end();
    })();
  } else {
    loop = (async () => {
      while (!stopped) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-churn-'));
        const other = await openDatabase({ dataDir: dir });
        await other.close();
        fs.rmSync(dir, { recursive: true, force: true });
        created++;
        // SQLite opens synchronously underneath: yield to timers and I/O, or this loop starves them.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
  }
  return {
    created: () => created,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};

describe(`opening the database (${engine})`, () => {
  it('migrates and introspects its own database while other databases are created and dropped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-open-'));
    const churn = await churnOtherDatabases();
    const opened: string[] = [];
    try {
      await expect.poll(() => churn.created()).toBeGreaterThan(0);
      for (let i = 0; i < 4; i++) {
        const pgSchema = process.env.DATABASE_URL ? `t_${run}_open_${randomBase58(10).toLowerCase()}` : undefined;
        const database = await openDatabase({
          databaseUrl: process.env.DATABASE_URL,
          dataDir,
          sqliteFile: `open-${i}.sqlite`,
          pgSchema,
        });
        try {
          // What the migrator asks, many times over while the churn goes on: only our own tables.
          for (let n = 0; n < 100; n++) {
            const tables = (await database.db.introspection.getTables({ withInternalKyselyTables: true })).map(
              (t) => t.name,
            );
            expect(tables).toContain('kassa_migrations');
            expect(tables).toContain('transactions');
            expect(tables.filter((t) => t === 'kassa_migrations')).toHaveLength(1);
          }
          const schemas = (await database.db.introspection.getSchemas()).map((s) => s.name);
          if (pgSchema) expect(schemas).toEqual([pgSchema]);
          opened.push(pgSchema ?? `open-${i}.sqlite`);
        } finally {
          await database.close();
          if (pgSchema) await dropSchema(pgSchema);
        }
      }
    } finally {
      await churn.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(opened).toHaveLength(4);
    expect(churn.created()).toBeGreaterThan(0);
  });
});

const dropSchema = async (schema: string) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
};
