import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_FILE } from '../../server/secrets/gateway-keyring';
import { keyIdOf, parseKey } from '../../server/secrets/keyring';
import { kassaForTest } from '../support/fixtures';

/**
 * Issue 38 item 7 (ADR 049): where the key that seals gateway credentials comes from when none is configured.
 * SQLite (the default `npm start`): one generated once in the data directory. PostgreSQL: none, so a credential
 * is refused with a clear 400 rather than sealed with a key that only one host has.
 */
const PATH = '/v1/admin/gateways/payment_app/acme';
const APP = { url: 'http://127.0.0.1:9/kassa-app', display_name: 'Acme Pay' };
const TOKEN = 'acme-token-0123456789-abcdefgh';
const onPostgres = !!process.env.DATABASE_URL;

describe('the key of gateway secrets, when none is configured', () => {
  it.skipIf(onPostgres)('SQLite: generated once in <data dir>/secrets.key (0600), and it seals the token', async () => {
    const { srv, api, db } = await kassaForTest();
    expect((await api.post('/v1/admin/signature')).status).toBe(200);
    expect(
      (await api.request('PUT', PATH, { configuration: { payment_app: { ...APP, auth_token: TOKEN } } })).status,
    ).toBe(204);
    const file = path.join(srv.dataDir, DEFAULT_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = await db()
      .selectFrom('gateway_settings')
      .select('secrets')
      .where('gateway', '=', 'payment_app.acme')
      .executeTakeFirstOrThrow();
    expect(stored.secrets).toContain(`"v1.${keyIdOf(parseKey(fs.readFileSync(file, 'utf8'))!)}.`);
    expect(stored.secrets).not.toContain(TOKEN);
  });

  it.runIf(onPostgres)(
    'PostgreSQL: a token is refused (400 naming the field and the variables), the rest is stored',
    async () => {
      const { srv, api, db } = await kassaForTest();
      expect((await api.post('/v1/admin/signature')).status).toBe(200);
      const refused = await api.request('PUT', PATH, { configuration: { payment_app: { ...APP, auth_token: TOKEN } } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/KASSA_SECRETS_KEY/);
      expect(refused.body.error.errors).toEqual([
        { path: 'configuration.payment_app.auth_token', message: expect.any(String) },
      ]);
      expect(
        await db().selectFrom('gateway_settings').select('gateway').where('gateway', '=', 'payment_app.acme').execute(),
      ).toEqual([]);
      expect((await api.request('PUT', PATH, { configuration: { payment_app: APP } })).status).toBe(204);
      expect(fs.existsSync(path.join(srv.dataDir, DEFAULT_KEY_FILE))).toBe(false);
    },
  );
});
