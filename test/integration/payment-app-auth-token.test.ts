import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/observability/logger';
import { gatewayKeyring } from '../../server/secrets/gateway-keyring';
import { keyIdOf, parseKey } from '../../server/secrets/keyring';
import { resealGatewaySecrets } from '../../server/secrets/reseal-gateway-secrets';
import { ApiClient, sessionBody } from '../support/api-client';
import { startPaymentApp, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 38 item 7 (ADR 049): a payment app's `auth_token` is stored sealed, read back masked, sent as a bearer
 * token beside the signature, kept by a GET-then-PUT round trip, never logged, and survives a key rotation.
 */
const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('hex');
const [ID_A, ID_B] = [KEY_A, KEY_B].map((k) => keyIdOf(parseKey(k)!));
const TOKEN = `acme-${randomBytes(24).toString('base64url')}`;
const PATH = '/v1/admin/gateways/payment_app/acme';
const log: string[] = [];
const logger = createLogger('trace', { write: (line: string) => void log.push(line) });

let srv: TestServer;
let api: ApiClient;
let app: PaymentAppServer;
let secret: string | undefined;
/** (Re)starts Kassa on the same database with these keys. */
const restart = async (env: Record<string, string>) => {
  await srv?.stop();
  srv = await startTestServer({ env, logger, ...(srv ? { dataDir: srv.dataDir, pgSchema: srv.pgSchema } : {}) });
  api = await ApiClient.login(srv.baseUrl);
};
const row = () =>
  srv.kassa.ctx.database.db
    .selectFrom('gateway_settings')
    .selectAll()
    .where('account_id', '=', ACCOUNT)
    .where('gateway', '=', 'payment_app.acme')
    .executeTakeFirstOrThrow();
const put = (config: Record<string, unknown>) =>
  api.request('PUT', PATH, { configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', ...config } } });
/** Pays a new session with the app; answers the authorize request the app received. */
const pay = async () => {
  const created = await api.post(
    '/v1/sessions',
    sessionBody({ configuration: { payment_app: { acme: { enabled: true } } } }),
  );
  const before = app.of('authorize').length;
  const paid = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, {
    payment: { payment_product_type: 'payment_app.acme' },
  });
  return { paid: paid.body, request: app.of('authorize')[before] };
};
const bearerOfNextPayment = async () => {
  const { paid, request } = await pay();
  expect(paid, JSON.stringify(paid)).toMatchObject({ success: true });
  expect(request?.signed).toBe(true);
  return request?.headers.authorization;
};

beforeAll(async () => {
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  app.reply = (r) => ({ json: { result: 'approved', provider_reference: `acme-${r.body.transaction_id}` } });
  await restart({ KASSA_SECRETS_KEY: KEY_A });
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
});
afterAll(async () => {
  await srv?.stop();
  await app?.close();
});

describe("a payment app's auth_token", () => {
  it('is stored sealed, read back masked, and sent as a bearer token beside a valid signature', async () => {
    expect((await put({ auth_token: TOKEN })).status).toBe(204);
    const stored = await row();
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(JSON.parse(stored.configuration)).not.toHaveProperty('auth_token');
    expect(JSON.parse(stored.secrets!)).toEqual({ auth_token: expect.stringMatching(new RegExp(`^v1\\.${ID_A}\\.`)) });
    const read = await api.get(PATH);
    expect(read.body.configuration.payment_app).toMatchObject({ url: app.url, auth_token: '********' });
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);
    expect(await bearerOfNextPayment()).toBe(`Bearer ${TOKEN}`);
  });

  it('is kept by a GET-then-PUT round trip of the mask and by a PUT without it', async () => {
    const sealed = (await row()).secrets;
    const read = (await api.get(PATH)).body.configuration.payment_app;
    expect(
      (await api.request('PUT', PATH, { configuration: { payment_app: { ...read, display_name: 'Acme 2' } } })).status,
    ).toBe(204);
    expect((await row()).secrets).toBe(sealed);
    expect((await put({ timeout_ms: 5000 })).status).toBe(204);
    expect((await row()).secrets).toBe(sealed);
    expect((await api.get(PATH)).body.configuration.payment_app).toMatchObject({
      timeout_ms: 5000,
      auth_token: '********',
    });
    expect(await bearerOfNextPayment()).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses a bad token naming the field, without echoing it', async () => {
    for (const bad of ['too-short', 'with a space in it 0123456789', 'x'.repeat(513), 42]) {
      const res = await put({ auth_token: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.errors.map((e: { path?: string }) => e.path)).toContain(
        'configuration.payment_app.auth_token',
      );
      if (typeof bad === 'string') expect(JSON.stringify(res.body)).not.toContain(bad);
    }
  });

  it('survives a key rotation: new key with the old as previous, re-seal, then the old key dropped', async () => {
    await restart({ KASSA_SECRETS_KEY: KEY_B, KASSA_SECRETS_PREVIOUS_KEYS: KEY_A });
    expect(await bearerOfNextPayment()).toBe(`Bearer ${TOKEN}`); // opened with the previous key
    const keyring = gatewayKeyring(srv.kassa.ctx.env);
    expect(await resealGatewaySecrets(srv.kassa.ctx.database, keyring)).toEqual({
      resealed: 1,
      current: 0,
      changedMeanwhile: 0,
      failed: [],
    });
    expect((await row()).secrets).toMatch(new RegExp(`"v1\\.${ID_B}\\.`));
    expect(await resealGatewaySecrets(srv.kassa.ctx.database, keyring)).toMatchObject({ resealed: 0, current: 1 });
    await restart({ KASSA_SECRETS_KEY: KEY_B });
    expect(await bearerOfNextPayment()).toBe(`Bearer ${TOKEN}`);
    // a server with the old key only reaches nothing: the value does not open, and the error says which key it needs
    await restart({ KASSA_SECRETS_KEY: KEY_A });
    const before = app.received.length;
    const { paid } = await pay();
    expect(paid).toMatchObject({ success: false });
    expect(app.received.length).toBe(before);
    expect(log.join('')).toContain(`sealed with key ${ID_B}, which this server does not have`);
    await restart({ KASSA_SECRETS_KEY: KEY_B });
  });

  it('is removed by null: no header any more, and the GET shows none', async () => {
    expect((await put({ auth_token: null })).status).toBe(204);
    expect((await row()).secrets).toBeNull();
    expect((await api.get(PATH)).body.configuration.payment_app).not.toHaveProperty('auth_token');
    expect(await bearerOfNextPayment()).toBeUndefined();
  });

  it('never reached the log, which logged the calls', () => {
    const text = log.join('');
    expect(text).toContain('provider call');
    expect(text).not.toContain(TOKEN);
    for (const key of [KEY_A, KEY_B]) expect(text).not.toContain(key);
  });
});
