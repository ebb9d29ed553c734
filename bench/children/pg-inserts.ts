/**
 * Ceiling B on PostgreSQL: serial durable single-row inserts (autocommit, synchronous_commit as the
 * server is configured), one connection, in a scratch schema. Says 'start', then sends its Measurement.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sessionRowJson } from '../fixtures';
import { percentile, type Measurement } from '../measurement';

const seconds = Number(process.env.BENCH_SECONDS_PHASE);
const schema = `kassa_bench_ceiling_${process.pid}`;

const main = async () => {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`create table ${schema}.sessions (id text primary key, account_id text not null, created_at text not null, data text not null)`);
  const data = sessionRowJson();
  const text = `insert into ${schema}.sessions (id, account_id, created_at, data) values ($1, $2, $3, $4)`;
  process.send!('start');
  const latencies: number[] = [];
  const start = performance.now();
  for (let t = start; t < start + seconds * 1000;) {
    await client.query({ name: 'ins', text, values: [randomUUID(), 'T11111111', new Date().toISOString(), data] });
    const now = performance.now();
    latencies.push(now - t);
    t = now;
  }
  const elapsed = (performance.now() - start) / 1000;
  const sync = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]?.synchronous_commit;
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
  latencies.sort((a, b) => a - b);
  const result: Measurement = {
    name: 'Ceiling B (PostgreSQL): durable insert',
    rate: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    count: latencies.length,
    seconds: elapsed,
    failures: 0,
    notes: [`${Buffer.byteLength(data)} B row, synchronous_commit=${sync}, 1 insert per transaction, 1 connection`],
  };
  process.send!(result, () => process.exit(0));
};
void main();
