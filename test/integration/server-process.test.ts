import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { ApiClient, sessionBody } from '../support/api-client';
import { startMerchant } from '../support/callback-helpers';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/**
 * The compiled production server (dist/server/kassa.js) as a child process: its logs, its
 * operational endpoints and its shutdown. No timing asserts: every wait polls for a condition.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const run = async (env: Record<string, string> = {}): Promise<{ p: KassaProcess; db: SharedDatabase }> => {
  const db = sharedDatabase();
  cleanup.push(() => db.drop());
  const p = await startKassaProcess(db, env);
  cleanup.push(() => p.kill('SIGKILL'));
  return { p, db };
};

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const tokenBody = (baseUrl: string) =>
  JSON.stringify({ grant_type: 'client_credentials', audience: `${baseUrl}/v1/accounts/${ACCOUNT}` });

const metric = async (baseUrl: string, line: RegExp): Promise<number | undefined> => {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const m = text.split('\n').find((l) => line.test(l));
  return m === undefined ? undefined : Number(m.split(' ').pop());
};

/**
 * A token request whose body the test sends in two parts: the server holds it in flight (its
 * in-flight gauge says so) until `finish()` sends the rest.
 */
const halfSentRequest = async (baseUrl: string) => {
  const body = tokenBody(baseUrl);
  const url = new URL(`${baseUrl}/v1/accounts/${ACCOUNT}/auth/token`);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: basic,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answered.catch(() => undefined);
  req.write(body.slice(0, 10));
  await expect.poll(() => metric(baseUrl, /^kassa_http_requests_in_flight /)).toBe(1);
  return { answered, finish: () => req.end(body.slice(10)) };
};

const refusesConnections = (baseUrl: string) =>
  fetch(`${baseUrl}/healthz`).then(
    () => false,
    () => true,
  );

describe(`the compiled server process (${engine})`, () => {
  it('logs JSON lines with request ids, and no card data, secret or token, through a full payment', async () => {
    const merchant = await startMerchant();
    cleanup.push(() => merchant.close());
    const { p } = await run({ KASSA_LOG_LEVEL: 'debug', KASSA_LOG_REQUESTS: '1' });

    const tokenRes = await fetch(`${p.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: tokenBody(p.baseUrl),
    });
    const accessToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    const api = new ApiClient(p.baseUrl, accessToken);
    const signing = await api.post('/v1/admin/signature');
    expect(signing.status).toBe(200);
    const signingSecret = signing.body.signature.secret as string;

    const created = await api.post(
      '/v1/sessions',
      sessionBody({
        url: { return_url: 'https://shop.example/r', callback_url: `${merchant.url}/cb?report_event=CAPTURE` },
      }),
      {
        'x-request-id': 'merchant-order-42',
      },
    );
    expect(created.status).toBe(200);
    expect(created.headers.get('request-id')).toBe('merchant-order-42');
    const pay = {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: '4111111111111111', expiry: '12/39', cvc: '123' },
      },
    };
    const paid = await new ApiClient(p.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, pay);
    expect(paid.status).toBe(200);
    const captured = await api.post(`/v1/transactions/${paid.body.transaction_id}/capture`, { amount: 10000 });
    expect(captured.status).toBe(200);
    const apiKey = 'kassa-test-api-key-0123456789';
    expect((await api.get('/v1/admin/callbacks', { 'x-api-key': apiKey })).status).toBeLessThan(500);
    // An x-request-id that is not a sane string is replaced by a fresh uuid.
    const odd = await api.get('/v1/openapi.json', { 'x-request-id': 'x'.repeat(201) });
    expect(odd.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await merchant.waitFor((all) => all.filter((c) => c.status === 200).length === 2);
    await expect.poll(() => metric(p.baseUrl, /^kassa_callback_attempts_total\{outcome="delivered"\}/)).toBe(2);
    await expect.poll(() => p.output().includes('"route":"transactions_id_capture_post"')).toBe(true);

    const out = p.output();
    const lines = out.split('\n').filter((l) => l.trim());
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.find((e) => e.request_id === 'merchant-order-42')).toMatchObject({
      route: 'checkout_session_post',
      method: 'POST',
      status: 200,
    });
    expect(entries.find((e) => e.request_id === odd.headers.get('request-id'))).toMatchObject({ route: 'openapi_get' });
    for (const secret of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '"cvc":"123"',
      '"cvc": "123"',
      CLIENT_SECRET,
      basic.slice(6),
      accessToken,
      signingSecret,
      apiKey,
    ]) {
      expect(out, `the log contains ${secret}`).not.toContain(secret);
    }
  });

  it('answers /healthz and /readyz, and Prometheus metrics labelled by operation (never the raw path)', async () => {
    const { p } = await run();
    expect(await (await fetch(`${p.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${p.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
    expect((await fetch(`${p.baseUrl}/v1/sessions/no-such-session`)).status).toBe(401);
    const text = await (await fetch(`${p.baseUrl}/metrics`)).text();
    expect(text).toContain('kassa_http_requests_total{route="checkout_session_get",method="GET",status="401"} 1');
    expect(text).not.toContain('no-such-session');
    for (const name of [
      'kassa_http_request_duration_seconds_bucket',
      'kassa_outbox_backlog 0',
      'kassa_outbox_oldest_age_seconds 0',
      'kassa_pending_money_operations 0',
      'kassa_process_resident_memory_bytes',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('SIGTERM: stops accepting, finishes the request in flight, and exits 0', async () => {
    const { p } = await run();
    const inFlight = await halfSentRequest(p.baseUrl);
    p.child.kill('SIGTERM');
    await expect.poll(() => refusesConnections(p.baseUrl)).toBe(true);
    inFlight.finish();
    const res = await inFlight.answered;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).access_token).toEqual(expect.any(String));
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(p.output()).toContain('"msg":"stopped"');
  });

  it('a second signal during shutdown forces exit 1, answering what is in flight 503 (ADR 044)', async () => {
    const { p } = await run();
    const inFlight = await halfSentRequest(p.baseUrl);
    p.child.kill('SIGTERM');
    await expect.poll(() => p.output().includes('shutting down')).toBe(true);
    p.child.kill('SIGTERM');
    expect((await p.exited).code).toBe(1);
    expect((await inFlight.answered).status).toBe(503);
    expect(p.output()).toContain('shutdown forced');
  });

  it('SIGTERM while the callback worker waits on a merchant: the attempt completes and is recorded before exit 0', async () => {
    const held: http.ServerResponse[] = [];
    const merchant = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => held.push(res));
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    cleanup.push(
      () =>
        new Promise((resolve) => {
          merchant.closeAllConnections();
          merchant.close(resolve);
        }),
    );
    const { p, db } = await run();
    const api = await ApiClient.login(p.baseUrl);
    const created = await api.post(
      '/v1/sessions',
      sessionBody({
        url: {
          return_url: 'https://shop.example/r',
          callback_url: `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/cb`,
        },
      }),
    );
    const paid = await new ApiClient(p.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: '4111111111111111', expiry: '12/39', cvc: '123' },
      },
    });
    expect(paid.status).toBe(200);
    await expect.poll(() => held.length).toBe(1);

    p.child.kill('SIGTERM');
    await expect.poll(() => refusesConnections(p.baseUrl)).toBe(true);
    held[0]!.writeHead(200).end('{}');
    expect(await p.exited).toEqual({ code: 0, signal: null });

    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: db.dataDir,
      pgSchema: db.pgSchema,
    });
    try {
      const attempts = await database.db.selectFrom('callback_attempts').select(['status_code']).execute();
      const outbox = await database.db.selectFrom('outbox').select(['status', 'attempts']).execute();
      expect(attempts).toEqual([{ status_code: 200 }]);
      expect(outbox).toEqual([{ status: 'DELIVERED', attempts: 1 }]);
    } finally {
      await database.close();
    }
  });
});
