import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import {
  checkDeliveryUrl,
  deliveryTarget,
  isPrivateAddress,
  privateCallbacksAllowed,
} from '../../server/callbacks/callback-url-policy';
import { loadEnv } from '../../server/config/env';
import { ApiClient, sessionBody } from '../support/api-client';
import { outboxRows, payWithCallback, resolvesTo, sleep, startMerchant } from '../support/callback-helpers';
import { startTestServer } from '../support/test-server';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const PRIVATE_URLS = [
  'http://127.0.0.1:8080/cb',
  'http://127.1.2.3/cb',
  'http://10.1.2.3/cb',
  'http://172.16.0.1/cb',
  'http://172.31.255.255/cb',
  'http://192.168.1.10/cb',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/cb',
  'http://0.0.0.0/cb',
  'http://[::1]/cb',
  'http://[fe80::1]/cb',
  'http://[fd12:3456::1]/cb',
  'http://[::ffff:127.0.0.1]/cb',
  'http://[::ffff:a00:1]/cb',
  'http://localhost:3000/cb',
  'http://LOCALHOST/cb',
  'http://api.localhost/cb',
  'http://2130706433/cb',
  'http://0x7f.1/cb',
];
const PUBLIC_URLS = [
  'https://shop.example/cb',
  'http://8.8.8.8/cb',
  'http://172.32.0.1/cb',
  'http://[2001:4860:4860::8888]/cb',
  'https://192.169.1.1/cb',
];

const P_ACCOUNT = 'P10000009';
const P_CLIENT = { clientId: 'prod-client', clientSecret: 'prod-secret-0123456789abcdef' };

/** A server with the test account and a production account (P...), logged in as both. */
const setup = async (env?: Record<string, string>) => {
  const srv = await startTestServer({ env });
  cleanup.push(() => srv.stop());
  await ensureAccountClient(srv.kassa.ctx.database, { accountId: P_ACCOUNT, accountName: 'Production', ...P_CLIENT });
  return {
    srv,
    test: await ApiClient.login(srv.baseUrl),
    prod: await ApiClient.login(srv.baseUrl, P_ACCOUNT, P_CLIENT.clientId, P_CLIENT.clientSecret),
  };
};
const createWith = (api: ApiClient, callbackUrl: string) =>
  api.post('/v1/sessions', sessionBody({ url: { return_url: 'https://shop.example/r', callback_url: callbackUrl } }));

describe('which addresses are private', () => {
  it('IPv4 and IPv6 literals, including IPv4 inside IPv6', () => {
    const priv = [
      '127.0.0.1',
      '127.255.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.1.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'FE80::abcd',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      '[::1]',
      'fe80::1%eth0',
      'not-an-ip',
    ];
    const pub = [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '172.15.255.255',
      '192.169.0.1',
      '100.128.0.1',
      '2001:4860:4860::8888',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    for (const a of priv) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of pub) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('KASSA_ALLOW_PRIVATE_CALLBACKS: unset allows test accounts only; true allows all; false none', () => {
    const env = (v?: string) =>
      loadEnv({ ...(v === undefined ? {} : { KASSA_ALLOW_PRIVATE_CALLBACKS: v }) } as NodeJS.ProcessEnv);
    expect(privateCallbacksAllowed(env(), 'T10000001')).toBe(true);
    expect(privateCallbacksAllowed(env(), 'P10000001')).toBe(false);
    expect(privateCallbacksAllowed(env('true'), 'P10000001')).toBe(true);
    expect(privateCallbacksAllowed(env('1'), 'T10000001')).toBe(true);
    expect(privateCallbacksAllowed(env('false'), 'T10000001')).toBe(false);
    expect(privateCallbacksAllowed(env('0'), 'P10000001')).toBe(false);
    expect(() => env('sometimes')).toThrow(/KASSA_ALLOW_PRIVATE_CALLBACKS/);
  });
});

describe('at session creation', () => {
  it('a production account may not use private addresses or localhost (400 INVALID_CALLBACK_URL); public URLs pass the check', async () => {
    const { prod } = await setup();
    for (const url of PRIVATE_URLS) {
      const res = await createWith(prod, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe('INVALID_CALLBACK_URL');
    }
    for (const url of PUBLIC_URLS) {
      // the URL passes; the session then fails only because production accounts have no sandbox acquirer
      const res = await createWith(prod, url);
      expect(res.body.error.code, url).toBe('PAYMENT_PRODUCT_NOT_ENABLED');
    }
  });

  it('a test account may use them by default (the demo, tests and e2e call merchants on 127.0.0.1)', async () => {
    const { test } = await setup();
    for (const url of PRIVATE_URLS) expect((await createWith(test, url)).status, url).toBe(200);
  });

  it('KASSA_ALLOW_PRIVATE_CALLBACKS=false refuses them for test accounts too; =true allows them for production accounts', async () => {
    const refused = await setup({ KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' });
    for (const url of PRIVATE_URLS)
      expect((await createWith(refused.test, url)).body.error?.code, url).toBe('INVALID_CALLBACK_URL');
    for (const url of PUBLIC_URLS) expect((await createWith(refused.test, url)).status, url).toBe(200);
    const allowed = await setup({ KASSA_ALLOW_PRIVATE_CALLBACKS: 'true' });
    for (const url of PRIVATE_URLS)
      expect((await createWith(allowed.prod, url)).body.error.code, url).toBe('PAYMENT_PRODUCT_NOT_ENABLED');
  });

  it('only http and https, and no credentials in the URL, for every account', async () => {
    const { test } = await setup({ KASSA_ALLOW_PRIVATE_CALLBACKS: 'true' });
    for (const url of [
      'ftp://shop.example/cb',
      'file:///etc/passwd',
      'gopher://shop.example/',
      'javascript:alert(1)',
    ]) {
      const res = await createWith(test, url);
      expect(res.status, url).toBe(400);
      expect(['INVALID_CALLBACK_URL', 'INVALID_REQUEST'], url).toContain(res.body.error.code);
    }
    expect((await createWith(test, 'https://user:pw@shop.example/cb')).body.error.code).toBe('INVALID_CALLBACK_URL');
  });
});

describe('at delivery', () => {
  it('host names are resolved and refused when any address is private (DNS rebinding), unless allowed', async () => {
    expect(
      await checkDeliveryUrl('https://shop.example/cb', { allowPrivate: false, lookup: resolvesTo('93.184.216.34') }),
    ).toEqual({ ok: true, addresses: ['93.184.216.34'] });
    for (const set of [
      ['10.0.0.5'],
      ['127.0.0.1'],
      ['169.254.169.254'],
      ['93.184.216.34', '192.168.0.1'],
      ['::1'],
      ['fd00::1'],
    ]) {
      const r = await checkDeliveryUrl('https://rebind.example/cb', {
        allowPrivate: false,
        lookup: resolvesTo(...set),
      });
      expect(r.ok, set.join()).toBe(false);
      expect((r as { reason: string }).reason).toMatch(/private, loopback or link-local/);
    }
    expect(
      (await checkDeliveryUrl('https://rebind.example/cb', { allowPrivate: true, lookup: resolvesTo('10.0.0.5') })).ok,
    ).toBe(true);
    expect(
      (await checkDeliveryUrl('http://localhost:3000/cb', { allowPrivate: false, lookup: resolvesTo('93.184.216.34') }))
        .ok,
    ).toBe(false);
    expect((await checkDeliveryUrl('http://[::1]/cb', { allowPrivate: false })).ok).toBe(false);
    expect((await checkDeliveryUrl('ftp://shop.example/cb', { allowPrivate: true })).ok).toBe(false);
  });

  it('the connection goes to the address that was checked, and none is made when it is refused', async () => {
    const merchant = await startMerchant();
    cleanup.push(() => merchant.close());
    const get = (allowPrivate: boolean) => {
      const target = deliveryTarget(`http://rebind.example:${merchant.port}/cb`, {
        allowPrivate,
        lookup: resolvesTo('127.0.0.1'),
      });
      if (!target.ok) throw new Error(target.reason);
      return new Promise<number>((resolve, reject) => {
        http
          .get(`http://rebind.example:${merchant.port}/cb`, { lookup: target.lookup, agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
          .on('error', reject);
      });
    };
    await expect(get(false)).rejects.toMatchObject({ code: 'CALLBACK_URL_REFUSED' });
    expect(merchant.received).toHaveLength(0);
    expect(await get(true)).toBe(200);
    expect(merchant.received).toHaveLength(1);
    expect(merchant.received[0]!.headers.host).toBe(`rebind.example:${merchant.port}`);
  });

  it('a callback whose address is refused when it is due fails for good, with the reason in the delivery log, and reaches nobody', async () => {
    const srv = await startTestServer();
    cleanup.push(() => srv.stop());
    const merchant = await startMerchant();
    cleanup.push(() => merchant.close());
    const api = await ApiClient.login(srv.baseUrl);
    const { transactionId } = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb?delay_callback=1`);
    // the policy changes between acceptance and delivery (as a host name that starts resolving to a private address would)
    (srv.kassa.ctx.env as { KASSA_ALLOW_PRIVATE_CALLBACKS?: boolean }).KASSA_ALLOW_PRIVATE_CALLBACKS = false;
    await expect.poll(async () => (await outboxRows(srv))[0]?.status).toBe('FAILED');
    const [log] = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body;
    expect(log).toMatchObject({
      status: 'FAILED',
      attempt_count: 1,
      last_status_code: null,
      last_error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private/),
    });
    expect(log.attempts[0]).toMatchObject({ attempt: 1, status_code: null, error: expect.stringMatching(/^refused/) });
    await sleep(300);
    expect(merchant.received).toHaveLength(0);
  });
});

/** A merchant URL that answers every request with `status` and `Location: location`; counts what it got. */
const startRedirector = async (status: number, location: string) => {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => res.writeHead(status, { location }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
};

describe('redirects are never followed', () => {
  it('a callback answered with 301, 302, 303, 307 or 308 fails for good after one attempt (like a 4xx), and the Location is never called', async () => {
    const srv = await startTestServer();
    cleanup.push(() => srv.stop());
    const target = await startMerchant();
    cleanup.push(() => target.close());
    const api = await ApiClient.login(srv.baseUrl);
    for (const status of [301, 302, 303, 307, 308]) {
      const redirector = await startRedirector(status, `${target.url}/moved?status=${status}`);
      const { transactionId } = await payWithCallback(srv.baseUrl, api, `${redirector.url}/cb?method=POST`);
      await expect
        .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.status)
        .toBe('FAILED');
      const [log] = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body;
      expect(log, String(status)).toMatchObject({ status: 'FAILED', attempt_count: 1, last_status_code: status });
      expect(redirector.requests(), String(status)).toBe(1);
    }
    await sleep(200);
    expect(target.received).toHaveLength(0);
  });

  it('an express callback answered with a redirect is a failure for the customer, and the Location is never called', async () => {
    const srv = await startTestServer();
    cleanup.push(() => srv.stop());
    const target = await startMerchant();
    cleanup.push(() => target.close());
    const api = await ApiClient.login(srv.baseUrl);
    const home = { id: 'home', line_id: 'shipping-home', amount: 500, title: 'Home delivery' };
    const address = {
      first_name: 'Kari',
      last_name: 'Nordmann',
      address_line: 'Storgata 1',
      postal_code: '0155',
      postal_place: 'Oslo',
      country: 'NO',
    };
    for (const status of [302, 307, 308]) {
      const redirector = await startRedirector(status, `${target.url}/shipping`);
      const created = await api.post(
        '/v1/sessions',
        sessionBody({
          express: { shipping_options: [home], shipping_address_callback_url: `${redirector.url}/shipping` },
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const res = await new ApiClient(srv.baseUrl).request(
        'PUT',
        `/v1/view/${created.body.id}/session/order/addresses`,
        { shipping_address: address },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.code).toBe('EXPRESS_CALLBACK_FAILED');
      expect(redirector.requests()).toBe(1);
    }
    expect(target.received).toHaveLength(0);
  });
});

describe('with KASSA_ALLOW_PRIVATE_CALLBACKS=false, every spelling of a private address is refused at create, for every URL Kassa calls', () => {
  const SPELLINGS = [
    'http://2130706433/cb', // decimal
    'http://0x7f000001/cb', // hex
    'http://0x7f.0.0.1/cb',
    'http://0177.0.0.1/cb', // octal
    'http://127.1/cb', // short
    'http://127.0.0.1./cb', // trailing dot
    'http://localhost./cb',
    'http://0xa9fea9fe/latest/meta-data', // metadata
    'http://100.64.0.1/cb', // CGNAT
    'http://[::ffff:127.0.0.1]/cb', // IPv4-mapped
    'http://[::ffff:7f00:1]/cb',
    'http://[::127.0.0.1]/cb', // IPv4-compatible
    'http://[64:ff9b::10.0.0.1]/cb', // NAT64 of a private address
    'http://[fd00::1]/cb', // ULA
    'http://[fe80::1]/cb', // link-local
  ];

  it('callback_url, express.shipping_address_callback_url and express.discount_codes.callback_url: 400 INVALID_CALLBACK_URL and nothing stored', async () => {
    const { srv, test } = await setup({ KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' });
    const count = async () => (await srv.kassa.ctx.database.db.selectFrom('sessions').select('id').execute()).length;
    const bodies = (url: string) => [
      sessionBody({ url: { return_url: 'https://shop.example/r', callback_url: url } }),
      sessionBody({ express: { shipping_options: [], shipping_address_callback_url: url } }),
      sessionBody({ express: { shipping_options: [], discount_codes: { callback_url: url } } }),
    ];
    for (const body of bodies('https://shop.example/cb'))
      expect((await test.post('/v1/sessions', body)).status).toBe(200); // the same bodies with a public URL
    const before = await count();
    for (const url of SPELLINGS) {
      for (const body of bodies(url)) {
        const res = await test.post('/v1/sessions', body);
        expect([res.status, res.body.error?.code], url).toEqual([400, 'INVALID_CALLBACK_URL']);
      }
    }
    expect(await count()).toBe(before);
  });
});
