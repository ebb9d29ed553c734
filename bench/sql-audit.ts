/**
 * `npx tsx bench/sql-audit.ts`: which tables carry `account_id`, and which SQL the payment paths
 * actually run (every distinct statement, captured at prepare time while an in-process Kassa on
 * SQLite creates, views, lists, pays, captures, refunds, cancels, delivers a callback and runs its
 * pollers), each marked by whether it is keyed by account. docs/scaling.md is written from this
 * output; `--check` exits 1 if a statement appears that is not account-keyed and not in the
 * documented list below (so a new unkeyed query is noticed).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, sessionBody } from './fixtures';

/** Statements that are knowingly not keyed by account (docs/scaling.md says why), by a fragment of their SQL. */
export const DOCUMENTED_UNKEYED = [
  'from "accounts"', // the account itself (reference table under Citus)
  'into "accounts"',
  'into "server_secrets"',
  'where t.payment_token is not null', // a migration's one-time backfill at startup
  'from "api_clients"', // token endpoint: client by id; the account is in the path and checked after
  'from "server_secrets"', // process-wide keys (reference table)
  'from "kassa_migrations"',
  'from "gateway_settings"', // sandbox switches (reference table)
  'from "sandbox_', // the sandbox acquirer's own bookkeeping
  'into "sandbox_',
  '"sandbox_operations"',
  'from "sessions" where "id" = ?', // the customer's view/pay paths know only the session id
  'update "sessions" set', // by id (+ version) after a read by id
  'from "session_events"',
  'into "session_events"',
  'from "transaction_events"',
  'into "transaction_events"',
  'from "transactions" where "session_id"',
  'from "transactions" where "id" = ?', // settled by id inside the operation that read it by account
  'update "transactions" set',
  'from "transaction_operations"',
  'update "transaction_operations"',
  'from "outbox"', // the pollers: due rows of every account
  'update "outbox"',
  'into "callback_attempts"',
  'from "callback_attempts"',
  'from "idempotency_keys" where "expires_at"', // purge
  'delete from',
  'from "sms_outbox"',
  'from "shopping_orders" where "expires_at"', // order expiry poller: due rows of every account
  'from "transactions" where "status"', // stale-payment poller: due rows of every account
  'from "signature_secrets"',
  'from "session_profiles"',
  'from "wallet_session_tokens"',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'pragma',
  'select 1',
];

const captured = new Set<string>();
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, sqlText: string) {
  captured.add(sqlText.replace(/\s+/g, ' ').trim());
  return prepare.call(this, sqlText);
} as typeof prepare;

const card = {
  number: '4111 1111 1111 1111',
  expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
  cvc: '123',
};

const main = async () => {
  const { createKassa } = await import('../server/create-kassa');
  const { loadEnv } = await import('../server/config/env');
  const { deliverDueCallbacks } = await import('../server/callbacks/deliver-callbacks');
  const { completePendingOperations } = await import('../server/payments/operations/complete-pending-operations');
  const { recoverStalePayments } = await import('../server/payments/attempt/recover-stale-payments');
  const { purgeExpiredRows } = await import('../server/maintenance/purge-expired-rows');
  const { expireOrders } = await import('../server/orders/expire-orders');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-audit-'));
  const merchant = http.createServer((_q, r) => r.writeHead(200).end());
  await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
  const callbackUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/cb`;
  const kassa = await createKassa(
    loadEnv({
      NODE_ENV: 'production',
      KASSA_DATA_DIR: dir,
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      KASSA_CALLBACK_WORKER: 'false',
      KASSA_LOG_LEVEL: 'warn',
    }),
  );
  const call = async (method: string, p: string, body?: unknown, auth?: string, query = '') => {
    const r = await kassa.dispatch({
      method,
      path: p,
      query: new URLSearchParams(query),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(auth ? { authorization: auth } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      baseUrl: 'http://127.0.0.1:1',
    });
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${r.body}`);
    return (r.body ? JSON.parse(r.body) : {}) as Record<string, unknown>;
  };
  try {
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const audience = `http://127.0.0.1:1/v1/accounts/${ACCOUNT}`;
    const bearer = `Bearer ${String((await call('POST', `/v1/accounts/${ACCOUNT}/auth/token`, { grant_type: 'client_credentials', audience }, basic)).access_token)}`;
    const body = sessionBody('audit');
    const sid = String(
      (await call('POST', '/v1/sessions', { ...body, url: { ...body.url, callback_url: callbackUrl } }, bearer)).id,
    );
    await call('GET', `/v1/sessions/${sid}`, undefined, bearer);
    await call('GET', `/v1/view/${sid}/session`);
    await call('GET', '/v1/sessions', undefined, bearer, 'limit=10');
    const tid = String(
      (await call('POST', `/v1/sessions/${sid}/pay`, { payment: { payment_product_type: 'sandbox.creditcard', card } }))
        .transaction_id,
    );
    await call('GET', `/v1/transactions/${tid}`, undefined, bearer);
    await call('GET', '/v1/transactions', undefined, bearer, 'limit=10');
    await call('POST', `/v1/transactions/${tid}/capture`, { amount: 72_500 }, bearer);
    await call('POST', `/v1/transactions/${tid}/refund`, { amount: 2_500 }, bearer);
    const other = String((await call('POST', '/v1/sessions', sessionBody('audit-2'), bearer)).id);
    await call('POST', `/v1/sessions/${other}/cancel`, undefined, bearer);
    await deliverDueCallbacks(kassa.ctx);
    await completePendingOperations(kassa.ctx);
    await recoverStalePayments(kassa.ctx);
    await expireOrders(kassa.ctx);
    await purgeExpiredRows(kassa.ctx);
  } finally {
    await kassa.close();
    merchant.close();
  }
  // Startup's own statements count too (the token endpoint's client lookup is first prepared there); schema DDL does not.
  const statements = [...captured].filter(
    (s) => !/^(create|alter|drop|pragma)\b/i.test(s) && !s.includes('kassa_migrations') && !s.includes('sqlite_master'),
  );
  const db = new Database(path.join(dir, 'kassa.sqlite'), { readonly: true });
  const tables = (
    db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .all() as { name: string }[]
  ).map((t) => t.name);
  const keyed = tables.map((t) => ({
    table: t,
    account_id: (db.pragma(`table_info("${t}")`) as { name: string }[]).some((c) => c.name === 'account_id'),
  }));
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });

  console.log('## Tables\n\n| table | account_id column |\n| --- | --- |');
  for (const k of keyed) console.log(`| ${k.table} | ${k.account_id ? 'yes' : '**no**'} |`);
  // Keyed: a predicate on account_id, or an insert that writes it (Citus routes such an insert by that value).
  const rows = statements.map((s) => ({
    sql: s,
    keyed: /"account_id" (=|in) /.test(s) || /^insert into "\w+" \([^)]*"account_id"/.test(s),
    documented: DOCUMENTED_UNKEYED.some((d) => s.toLowerCase().includes(d.toLowerCase())),
  }));
  console.log(
    `\n## Statements run by the payment paths (${rows.length}; ${rows.filter((r) => r.keyed).length} keyed by account_id)\n\n| keyed | statement |\n| --- | --- |`,
  );
  for (const r of rows.sort((a, b) => Number(a.keyed) - Number(b.keyed) || a.sql.localeCompare(b.sql)))
    console.log(
      `| ${r.keyed ? 'yes' : 'no'} | \`${r.sql.slice(0, 160).replace(/\|/g, '\\|')}${r.sql.length > 160 ? '…' : ''}\` |`,
    );
  const unexplained = rows.filter((r) => !r.keyed && !r.documented);
  if (process.argv.includes('--check') && unexplained.length) {
    console.error(
      `\nNot keyed by account and not documented in docs/scaling.md:\n${unexplained.map((r) => `  ${r.sql}`).join('\n')}`,
    );
    process.exit(1);
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
