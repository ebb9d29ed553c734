/**
 * Ceiling B on PostgreSQL: serial durable single-row inserts (autocommit, synchronous_commit as the
 * server is configured), one connection, in a scratch schema. Says 'start', then sends its Measurement.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sessionRowJson } from '../fixtures';
import { measureSerialInserts } from './serial-inserts';

const seconds = Number(process.env.BENCH_SECONDS_PHASE);
const schema = `kassa_bench_ceiling_${process.pid}`;

const main = async () => {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(
    `create table ${schema}.sessions (id text primary key, account_id text not null, created_at text not null, data text not null)`,
  );
  const data = sessionRowJson();
  const text = `insert into ${schema}.sessions (id, account_id, created_at, data) values ($1, $2, $3, $4)`;
  await measureSerialInserts({
    name: 'Ceiling B (PostgreSQL): durable insert',
    seconds,
    insert: () =>
      client.query({ name: 'ins', text, values: [randomUUID(), 'T11111111', new Date().toISOString(), data] }),
    finish: async () => {
      const sync = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]
        ?.synchronous_commit;
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      return `${Buffer.byteLength(data)} B row, synchronous_commit=${sync}, 1 insert per transaction, 1 connection`;
    },
  });
};
void main();
