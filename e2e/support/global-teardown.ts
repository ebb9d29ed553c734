/** On PostgreSQL, drop the schema this run's server used (see playwright.config.ts). */
export default async function globalTeardown() {
  const schema = process.env.KASSA_E2E_SCHEMA;
  if (!process.env.DATABASE_URL || !schema || !/^e2e_\d+_\d+$/.test(schema)) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}
