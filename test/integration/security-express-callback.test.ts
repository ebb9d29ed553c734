import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFn } from '../../server/callbacks/callback-url-policy';
import { callExpressCallback } from '../../server/express/call-express-callback';
import { ApiClient, sessionBody, NORWEGIAN_ADDRESS } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const HOME = { id: 'home', line_id: 'shipping-home', amount: 500, title: 'Home delivery' };
const ADDRESS = NORWEGIAN_ADDRESS;

/** An "internal" service on loopback: counts requests and answers what `respond` says. */
const startService = async (respond: () => { status: number; body: string }) => {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => {
      const { status, body } = respond();
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/shipping`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
const SECRET = 'internal-admin-token-0001';

/** Resolves every name to 127.0.0.1, as a hostile DNS record would. */
const toLoopback: LookupFn = (_host, _opts, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]);

let strict: TestServer; // KASSA_ALLOW_PRIVATE_CALLBACKS=false
let open: TestServer; // unset: private addresses allowed for test accounts (T...)
let strictApi: ApiClient;
let openApi: ApiClient;
let service: Awaited<ReturnType<typeof startService>>;

beforeAll(async () => {
  [strict, open] = await Promise.all([
    startTestServer({ env: { KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' } }),
    startTestServer(),
  ]);
  [strictApi, openApi] = await Promise.all([ApiClient.login(strict.baseUrl), ApiClient.login(open.baseUrl)]);
  service = await startService(() => ({
    status: 200,
    body: JSON.stringify({ shipping_options: [HOME], leaked: SECRET, order: { amount: 10500, note: SECRET } }),
  }));
});
afterAll(async () => {
  await service?.close();
  await Promise.all([strict, open].map((s) => s?.stop()));
});

const countSessions = async (srv: TestServer) =>
  Number(
    (
      await srv.kassa.ctx.database.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const expressSession = (express: Record<string, unknown>) =>
  sessionBody({ express: { shipping_options: [HOME], ...express } });

const loopbackUrls = (port: number) => [
  `http://127.0.0.1:${port}/shipping`,
  `http://0x7f000001:${port}/shipping`,
  `http://2130706433:${port}/shipping`,
  `http://localhost:${port}/shipping`,
  `http://localhost.:${port}/shipping`,
  `http://[::1]:${port}/shipping`,
  `http://[::ffff:127.0.0.1]:${port}/shipping`,
  `http://169.254.169.254/latest/meta-data`,
];

describe('with KASSA_ALLOW_PRIVATE_CALLBACKS=false, express callback URLs on private addresses are refused when given', () => {
  it('on session create: 400 INVALID_CALLBACK_URL naming the field, and no session is stored', async () => {
    const before = await countSessions(strict);
    for (const url of loopbackUrls(service.port)) {
      for (const [express, path] of [
        [{ shipping_address_callback_url: url }, 'express.shipping_address_callback_url'],
        [{ discount_codes: { callback_url: url } }, 'express.discount_codes.callback_url'],
      ] as const) {
        const res = await strictApi.post('/v1/sessions', expressSession(express));
        expect(res.status, url).toBe(400);
        expect(res.body.error.code, url).toBe('INVALID_CALLBACK_URL');
        expect(res.body.error.errors[0].path).toBe(path);
      }
    }
    expect(await countSessions(strict)).toBe(before);
    expect(service.requests()).toBe(0);
  });

  it('on session update: 400 INVALID_CALLBACK_URL, the stored session is unchanged and nothing is called', async () => {
    const created = await strictApi.post('/v1/sessions', expressSession({}));
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const before = (await strictApi.get(`/v1/sessions/${id}`)).body;
    const order = { ...before.order, shipping_option: HOME, shipping_address: ADDRESS, amount: 10500 };
    for (const url of loopbackUrls(service.port)) {
      const res = await strictApi.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, {
        order,
        express: { shipping_address_callback_url: url },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CALLBACK_URL');
    }
    expect((await strictApi.get(`/v1/sessions/${id}`)).body).toEqual(before);
    expect(service.requests()).toBe(0);
  });
});

describe('when called, the URL goes through the policy with the resolved address', () => {
  it('a host name resolving to loopback is refused without a request, with the generic error', async () => {
    const url = `http://shipping.shop.example:${service.port}/shipping`;
    const err = await callExpressCallback(
      strict.kassa.ctx,
      'T10000001',
      url,
      { order: {} },
      { lookup: toLoopback },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'EXPRESS_CALLBACK_FAILED',
      message: "The shop's shipping service did not give a usable answer; try again",
    });
    expect(service.requests()).toBe(0);
  });

  it('a URL stored before the setting changed is refused at call time (502), and nothing is called or changed', async () => {
    const created = await openApi.post('/v1/sessions', expressSession({ shipping_address_callback_url: service.url }));
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const restarted = await startTestServer({
      dataDir: open.dataDir,
      pgSchema: open.pgSchema,
      env: { KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' },
    });
    try {
      const api = await ApiClient.login(restarted.baseUrl);
      const before = (await api.get(`/v1/sessions/${id}`)).body;
      const order = { ...before.order, shipping_option: HOME, shipping_address: ADDRESS, amount: 10500 };
      const res = await api.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, { order });
      expect(res.status).toBe(502);
      expect(res.body.error).toEqual({
        code: 'EXPRESS_CALLBACK_FAILED',
        message: "The shop's shipping service did not give a usable answer; try again",
        errors: [],
      });
      expect(service.requests()).toBe(0);
      expect((await api.get(`/v1/sessions/${id}`)).body).toEqual(before);
    } finally {
      await restarted.stop();
    }
  });

  it('the connection goes to the address the lookup approved (no second resolution)', async () => {
    const before = service.requests();
    const url = `http://not-resolvable.invalid:${service.port}/shipping`;
    const result = await callExpressCallback(open.kassa.ctx, 'T10000001', url, { order: {} }, { lookup: toLoopback });
    expect(result.shipping_options).toEqual([HOME]);
    expect(service.requests()).toBe(before + 1);
  });
});

describe('errors never tell what the target answered', () => {
  it('an open port answering 500 with a body, an open port answering garbage, and a closed port give the identical error', async () => {
    const answers = [
      await startService(() => ({ status: 500, body: JSON.stringify({ error: SECRET }) })),
      await startService(() => ({ status: 200, body: `<html>${SECRET}</html>` })),
      await startService(() => ({ status: 302, body: '' })),
    ];
    const closed = await startService(() => ({ status: 200, body: '{}' }));
    await closed.close();
    try {
      const bodies: unknown[] = [];
      for (const url of [...answers.map((a) => a.url), closed.url]) {
        const created = await openApi.post('/v1/sessions', expressSession({ shipping_address_callback_url: url }));
        const id = created.body.id as string;
        const before = (await openApi.get(`/v1/sessions/${id}`)).body;
        const order = { ...before.order, shipping_option: HOME, shipping_address: ADDRESS, amount: 10500 };
        const res = await openApi.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, { order });
        expect(res.status, url).toBe(502);
        expect(JSON.stringify(res.body)).not.toContain(SECRET);
        bodies.push(res.body.error);
        expect((await openApi.get(`/v1/sessions/${id}`)).body).toEqual(before);
      }
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect(answers.map((a) => a.requests())).toEqual([1, 1, 1]);
    } finally {
      await Promise.all(answers.map((a) => a.close()));
    }
  });

  it('a valid answer is parsed by the schema: fields it does not name are not stored or returned', async () => {
    const created = await openApi.post('/v1/sessions', expressSession({ shipping_address_callback_url: service.url }));
    const id = created.body.id as string;
    const before = (await openApi.get(`/v1/sessions/${id}`)).body;
    const order = { ...before.order, shipping_option: HOME, shipping_address: ADDRESS, amount: 10500 };
    const res = await openApi.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, { order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.express.shipping_options).toEqual([HOME]);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(JSON.stringify((await openApi.get(`/v1/sessions/${id}`)).body)).not.toContain(SECRET);
  });
});
