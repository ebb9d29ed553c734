import { randomBytes } from 'node:crypto';

/**
 * With DATABASE_URL set, integration tests each use a schema t_<run>_<random>; this run's <run>
 * is chosen here (workers inherit it), and only this run's schemas are dropped when it ends, so
 * concurrent runs on one database leave each other alone.
 */
export default async function setup() {
  process.env.KASSA_TEST_RUN ??= randomBytes(4).toString('hex');
  const run = process.env.KASSA_TEST_RUN;
  return async () => {
    if (!process.env.DATABASE_URL) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [
      `t\\_${run}\\_%`,
    ]);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.end();
  };
}
