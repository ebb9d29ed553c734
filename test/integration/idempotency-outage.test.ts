import http from 'node:http';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { DatabaseUnreachableError } from '../../server/db/unavailable';
import type { HttpRequest } from '../../server/http/dispatch';
import type { RouteDef, RouteResult } from '../../server/http/route';
import { withIdempotency } from '../../server/http/with-idempotency';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';

/**
 * A request that claimed its Idempotency-Key and then met an unreachable database (ADR 022): its
 * release (or its stored answer) cannot be written while the database is away. Once it is back,
 * the retry with the same key must run (or replay), not get 409 IDEMPOTENCY_KEY_IN_PROGRESS for
 * the claim's ten-minute lease.
 */
const { srv, api } = useKassa();

/** The server's database, seen through a switch that makes every query fail as an outage does. */
const flakyDatabase = () => {
  const state = { down: false };
  const outage: KyselyPlugin = {
    transformQuery(args) {
      if (state.down)
        throw new DatabaseUnreachableError(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        );
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const real = srv.kassa.ctx.database;
  const database: Database = { ...real, db: real.db.withPlugin(outage) };
  const ctx = { ...srv.kassa.ctx, database } as AppContext;
  return { state, ctx };
};

const route = { operationId: 'testOutage', idempotent: true } as RouteDef;
const request = (key: string): HttpRequest => ({
  method: 'POST',
  path: '/v1/test-outage',
  query: new URLSearchParams(),
  headers: { 'idempotency-key': key },
  body: '{"a":1}',
  baseUrl: 'http://localhost',
});
const actor = { accountId: ACCOUNT } as Parameters<typeof withIdempotency>[2];
const claimOf = (key: string) =>
  srv.kassa.ctx.database.db.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', key).executeTakeFirst();
const ok: RouteResult = { status: 201, body: { made: 'it' } };
const newKey = () => `outage-${Math.random().toString(36).slice(2)}`;

describe('Idempotency-Key across a database outage', () => {
  it('a request that failed because the database went away leaves its key free for the retry once the database is back', async () => {
    const { state, ctx } = flakyDatabase();
    const key = newKey();
    const logged: unknown[] = [];
    const log = (e: unknown) => void logged.push(e);
    const goesAway = () => {
      state.down = true;
      throw new DatabaseUnreachableError(new Error('Connection terminated unexpectedly'));
    };
    await expect(withIdempotency(ctx, route, actor, request(key), goesAway, log)).rejects.toBeInstanceOf(
      DatabaseUnreachableError,
    );
    expect(logged).toHaveLength(1); // the release could not be written
    expect((await claimOf(key))?.status).toBe('IN_PROGRESS');
    // still away: the retry is a 503 too (the claim cannot even be read)
    await expect(withIdempotency(ctx, route, actor, request(key), async () => ok, log)).rejects.toBeInstanceOf(
      DatabaseUnreachableError,
    );

    state.down = false;
    // at once, before the background retry: this process releases its own claim first, then runs
    let ran = 0;
    const result = await withIdempotency(ctx, route, actor, request(key), async () => (ran++, ok), log);
    expect(result).toEqual(ok);
    expect(ran).toBe(1);
    expect(await claimOf(key)).toMatchObject({ status: 'COMPLETED', response_status: 201 });
  });

  it('without a retry, the unwritten release lands by itself once the database is back (other processes see the key free)', async () => {
    const { state, ctx } = flakyDatabase();
    const key = newKey();
    const goesAway = async (): Promise<RouteResult> => {
      state.down = true;
      return { status: 503, body: { error: 'away' } };
    };
    expect((await withIdempotency(ctx, route, actor, request(key), goesAway, () => undefined)).status).toBe(503);
    expect((await claimOf(key))?.status).toBe('IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, 600)); // a retry or two while still away
    expect((await claimOf(key))?.status).toBe('IN_PROGRESS');
    state.down = false;
    await expect.poll(() => claimOf(key), { interval: 100 }).toBeUndefined();
  });

  it('a final answer that could not be stored is stored once the database is back, and replayed', async () => {
    const { state, ctx } = flakyDatabase();
    const key = newKey();
    const answersThenAway = async (): Promise<RouteResult> => {
      state.down = true;
      return ok;
    };
    expect(await withIdempotency(ctx, route, actor, request(key), answersThenAway, () => undefined)).toEqual(ok);
    state.down = false;
    await expect.poll(async () => (await claimOf(key))?.status, { interval: 100 }).toBe('COMPLETED');
    // another process (the server's own database object) replays it
    let ran = 0;
    const replay = await withIdempotency(
      srv.kassa.ctx,
      route,
      actor,
      request(key),
      async () => (ran++, ok),
      () => undefined,
    );
    expect(ran).toBe(0);
    expect(replay).toEqual({ ...ok, headers: { 'idempotent-replayed': 'true' } });
  });
});

/** Two header lines of the same name, sent as such (fetch would join them). */
const postWithHeaders = (url: string, headers: [string, string][], body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    const names = new Map<string, string[]>();
    for (const [name, value] of headers) names.set(name, [...(names.get(name) ?? []), value]);
    for (const [name, values] of names) req.setHeader(name, values.length === 1 ? values[0]! : values);
    req.end(body);
  });

describe('two Idempotency-Key headers', () => {
  it('are refused with 400 and create nothing (joined, they would be a key neither retry sends)', async () => {
    const body = sessionBody();
    const token = (api as unknown as { token: string }).token;
    const headers: [string, string][] = [
      ['authorization', `Bearer ${token}`],
      ['content-type', 'application/json'],
      ['idempotency-key', 'first-key'],
      ['idempotency-key', 'second-key'],
    ];
    const res = await postWithHeaders(`${srv.baseUrl}/v1/sessions`, headers, JSON.stringify(body));
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        message: 'Send one Idempotency-Key header, not several',
        code: 'INVALID_REQUEST',
        errors: [{ path: 'headers.idempotency-key', message: 'Expected one header', code: 'invalid_format' }],
      },
    });
    const stored = await srv.kassa.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('merchant_reference', '=', body.order.merchant_reference)
      .execute();
    expect(stored).toEqual([]);
    // one header whose value has a comma is one key, as before
    const single = await api.post('/v1/sessions', body, { 'idempotency-key': 'first-key, second-key' });
    expect(single.status).toBe(200);
  });
});
