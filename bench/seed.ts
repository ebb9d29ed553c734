/**
 * Seeds stored sessions (and one transaction each) straight into the server's database, copies of
 * a real session and transaction the API created: one INSERT … SELECT over a generated series per
 * chunk, so a million rows take seconds, not an hour of API calls. Ids are `<account>.seed<n>`.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export interface SeedTarget {
  sqliteFile?: string;
  databaseUrl?: string;
  pgSchema?: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** INSERT … SELECT copying the template row `n` times, `id` (and `session_id`) replaced. */
const copySql = (engine: 'sqlite' | 'postgres', table: string, columns: string[]) => {
  const seq = engine === 'sqlite' ? `printf('%09d', g.n)` : `lpad(g.n::text, 9, '0')`;
  const pick = columns.map((c) =>
    c === 'id'
      ? `t.account_id || '.seed' || ${seq}`
      : c === 'session_id' && table === 'transactions'
        ? `t.account_id || '.seed' || ${seq}`
        : `t.${quote(c)}`,
  );
  const series =
    engine === 'sqlite'
      ? `(with recursive s(n) as (select ? union all select n + 1 from s where n < ?) select n from s) g`
      : `generate_series($1::int, $2::int) as g(n)`;
  return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) select ${pick.join(', ')} from ${quote(table)} t, ${series} where t.id = ${engine === 'sqlite' ? '?' : '$3'}`;
};

/** Adds sessions (and their transactions) until the account has `from..to` seeded ones. Returns seconds taken. */
export const seedSessions = async (
  target: SeedTarget,
  template: { sessionId: string; transactionId: string },
  from: number,
  to: number,
  chunk = 50_000,
): Promise<number> => {
  const t0 = performance.now();
  if (target.sqliteFile) {
    const db = new Database(target.sqliteFile);
    db.pragma('busy_timeout = 10000');
    // Bench data on the seeder's own connection: a large page cache for the index updates, and no
    // fsync per chunk (synchronous is per connection; the server's stays FULL).
    db.pragma('cache_size = -262144');
    db.pragma('synchronous = OFF');
    const cols = (t: string) =>
      (db.prepare(`select * from ${quote(t)} limit 0`).columns() as { name: string }[]).map((c) => c.name);
    const [s, tx] = [
      db.prepare(copySql('sqlite', 'sessions', cols('sessions'))),
      db.prepare(copySql('sqlite', 'transactions', cols('transactions'))),
    ];
    for (let a = from; a <= to; a += chunk) {
      const b = Math.min(to, a + chunk - 1);
      db.transaction(() => {
        s.run(a, b, template.sessionId);
        tx.run(a, b, template.transactionId);
      })();
    }
    // Hand the server a checkpointed file: otherwise its next commit would checkpoint a WAL of a
    // million rows on the event loop, and its reads would search that WAL first.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } else {
    const client = new pg.Client({
      connectionString: target.databaseUrl,
      options: `-c search_path=${target.pgSchema}`,
    });
    await client.connect();
    const cols = async (t: string) =>
      (await client.query(`select * from ${quote(t)} limit 0`)).fields.map((f) => f.name);
    const [s, tx] = [
      copySql('postgres', 'sessions', await cols('sessions')),
      copySql('postgres', 'transactions', await cols('transactions')),
    ];
    for (let a = from; a <= to; a += chunk) {
      const b = Math.min(to, a + chunk - 1);
      await client.query('begin');
      await client.query(s, [a, b, template.sessionId]);
      await client.query(tx, [a, b, template.transactionId]);
      await client.query('commit');
    }
    await client.query('analyze sessions');
    await client.query('analyze transactions');
    await client.end();
  }
  return (performance.now() - t0) / 1000;
};
