import { describe, expect, it } from 'vitest';
import { kassaForTest, useKassa } from '../support/fixtures';

const { api, other, db } = useKassa({ other: true });

const path = (name: string) => `/v1/admin/gateways/payment_app/${name}`;
const put = (client: typeof api, name: string, config: unknown) =>
  client.request('PUT', path(name), { configuration: { payment_app: config } });
const stored = () =>
  db()
    .selectFrom('gateway_settings')
    .select(['account_id', 'gateway'])
    .where('gateway', 'like', 'payment_app.%')
    .execute();

const ACME = { url: 'https://pay.example.com/kassa', display_name: 'Acme Pay' };

describe('payment app configuration (PUT/GET/DELETE /v1/admin/gateways/payment_app/{name})', () => {
  it('needs the account signing secret first: 400 and nothing stored', async () => {
    const res = await put(api, 'acme', ACME);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('POST /v1/admin/signature');
    expect(await stored()).toEqual([]);
    expect((await api.post('/v1/admin/signature')).status).toBe(200);
  });

  it('stores an app with its defaults, reads it back, replaces it and deletes it', async () => {
    expect((await put(api, 'acme', ACME)).status).toBe(204);
    const read = await api.get(path('acme'));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      configuration: {
        payment_app: {
          enabled: true,
          url: ACME.url,
          display_name: 'Acme Pay',
          kind: 'redirect',
          capabilities: {
            partial_capture: true,
            partial_void: false,
            item_based: false,
            refunds: true,
            customer_action: true,
            async_operations: true,
          },
          timeout_ms: 10000,
        },
      },
    });
    expect(
      (
        await put(api, 'acme', {
          ...ACME,
          enabled: false,
          kind: 'wallet',
          timeout_ms: 2000,
          capabilities: { refunds: false },
        })
      ).status,
    ).toBe(204);
    expect((await api.get(path('acme'))).body.configuration.payment_app).toMatchObject({
      enabled: false,
      kind: 'wallet',
      timeout_ms: 2000,
      capabilities: { refunds: false, partial_capture: true },
    });
    expect(await stored()).toEqual([{ account_id: 'T10000001', gateway: 'payment_app.acme' }]);
    expect((await api.request('DELETE', path('acme'))).status).toBe(204);
    expect((await api.get(path('acme'))).body.error.code).toBe('PAYMENT_APP_NOT_FOUND');
    expect((await api.request('DELETE', path('acme'))).status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('answers a clear 400 naming the field for bad input, and stores nothing', async () => {
    const cases: [string, string, unknown, string][] = [
      ['acme', 'no url', { display_name: 'Acme' }, 'configuration.payment_app.url'],
      ['acme', 'not http(s)', { ...ACME, url: 'ftp://pay.example.com/' }, 'configuration.payment_app.url'],
      [
        'acme',
        'credentials in the URL',
        { ...ACME, url: 'https://user:pw@pay.example.com/' },
        'configuration.payment_app.url',
      ],
      ['acme', 'a fragment', { ...ACME, url: 'https://pay.example.com/#x' }, 'configuration.payment_app.url'],
      ['acme', 'timeout too short', { ...ACME, timeout_ms: 100 }, 'configuration.payment_app.timeout_ms'],
      ['acme', 'timeout too long', { ...ACME, timeout_ms: 60_000 }, 'configuration.payment_app.timeout_ms'],
      ['acme', 'card data never goes to an app', { ...ACME, kind: 'card' }, 'configuration.payment_app.kind'],
      [
        'acme',
        'unknown capability',
        { ...ACME, capabilities: { tokenization: true } },
        'configuration.payment_app.capabilities.tokenization',
      ],
      ['acme', 'unknown field', { ...ACME, secret: 'x' }, 'configuration.payment_app.secret'],
      ['acme', 'empty name shown', { ...ACME, display_name: '' }, 'configuration.payment_app.display_name'],
      ['Acme-Pay', 'a name that is no product type', ACME, 'params.name'],
    ];
    for (const [name, why, config, field] of cases) {
      const res = await put(api, name, config);
      expect(res.status, why).toBe(400);
      expect(
        res.body.error.errors.map((e: { path?: string }) => e.path),
        `${why}: ${JSON.stringify(res.body)}`,
      ).toContain(field);
    }
    expect(await stored()).toEqual([]);
  });

  it("is the account's own: another account neither reads nor deletes it", async () => {
    expect((await put(api, 'mine', ACME)).status).toBe(204);
    expect((await other.get(path('mine'))).status).toBe(404);
    expect((await other.request('DELETE', path('mine'))).status).toBe(404);
    expect((await api.get(path('mine'))).status).toBe(200);
    expect((await api.request('DELETE', path('mine'))).status).toBe(204);
  });

  it('keeps at most 20 apps per account; replacing one still works at the limit', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `app_${i}`);
    for (const name of names) expect((await put(api, name, ACME)).status).toBe(204);
    const res = await put(api, 'one_more', ACME);
    // what is stored decides, not the request: 409 with its own code
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PAYMENT_APP_LIMIT_REACHED');
    expect(res.body.error.errors).toEqual([{ path: 'params.name', message: 'too many payment apps' }]);
    expect((await put(api, 'app_0', { ...ACME, display_name: 'Renamed' })).status).toBe(204);
    for (const name of names) expect((await api.request('DELETE', path(name))).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('refuses a private address where callbacks may not reach one (KASSA_ALLOW_PRIVATE_CALLBACKS=false)', async () => {
    const k = await kassaForTest({ env: { KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' } });
    await k.api.post('/v1/admin/signature');
    for (const url of [
      'http://127.0.0.1:8080/app',
      'http://localhost/app',
      'http://[::1]/app',
      'http://169.254.169.254/latest',
    ]) {
      const res = await put(k.api, 'acme', { ...ACME, url });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'INVALID_CALLBACK_URL',
        errors: [{ path: 'configuration.payment_app.url' }],
      });
    }
    expect((await put(k.api, 'acme', ACME)).status).toBe(204);
  });
});
