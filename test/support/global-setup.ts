/** With DATABASE_URL set, integration tests each use a schema t_<random>; drop them when the run ends. */
export default async function setup() {
  return async () => {
    if (!process.env.DATABASE_URL) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where nspname like 't\\_%'");
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.end();
  };
}
