/**
 * Ceiling B: serial durable single-row inserts (WAL, synchronous=FULL, autocommit),
 * the most POST /v1/sessions can do when each request commits one transaction.
 * Says 'start' when the loop begins, then sends its Measurement, over IPC.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sessionRowJson } from '../fixtures';
import { percentile, type Measurement } from '../measurement';

const dir = process.env.BENCH_DB_DIR!;
const seconds = Number(process.env.BENCH_SECONDS_PHASE);

const db = new Database(path.join(dir, 'ceiling.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE sessions (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO sessions (id, account_id, created_at, data) VALUES (?, ?, ?, ?)');
const data = sessionRowJson();

process.send!('start');
const latencies: number[] = [];
const start = process.hrtime.bigint();
const end = start + BigInt(Math.round(seconds * 1e9));
for (let t = start; t < end;) {
  insert.run(randomUUID(), 'T11111111', new Date().toISOString(), data);
  const now = process.hrtime.bigint();
  latencies.push(Number(now - t) / 1e6);
  t = now;
}
const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
db.close();

latencies.sort((a, b) => a - b);
const result: Measurement = {
  name: 'Ceiling B: sqlite durable insert',
  rate: latencies.length / elapsed,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  count: latencies.length,
  seconds: elapsed,
  failures: 0,
  notes: [`${Buffer.byteLength(data)} B row, WAL + synchronous=FULL, 1 insert per transaction`],
};
process.send!(result, () => process.exit(0));
