/**
 * Ceiling B: serial durable single-row inserts (WAL, synchronous=FULL, autocommit),
 * the most POST /v1/sessions can do when each request commits one transaction.
 * Says 'start' when the loop begins, then sends its Measurement, over IPC.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sessionRowJson } from '../fixtures';
import { measureSerialInserts } from './serial-inserts';

const dir = process.env.BENCH_DB_DIR!;
const seconds = Number(process.env.BENCH_SECONDS_PHASE);

const db = new Database(path.join(dir, 'ceiling.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(
  'CREATE TABLE sessions (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL)',
);
const insert = db.prepare('INSERT INTO sessions (id, account_id, created_at, data) VALUES (?, ?, ?, ?)');
const data = sessionRowJson();

void measureSerialInserts({
  name: 'Ceiling B: sqlite durable insert',
  seconds,
  insert: () => insert.run(randomUUID(), 'T11111111', new Date().toISOString(), data),
  finish: () => {
    db.close();
    return `${Buffer.byteLength(data)} B row, WAL + synchronous=FULL, 1 insert per transaction`;
  },
});
