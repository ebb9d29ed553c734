import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { sharedDatabase } from '../support/kassa-process';
import { spawnKassa, type SpawnedKassa } from '../support/spawn-kassa';

/**
 * Issue 26: a client secret, an API key and the tokens made from them never reach the logs, even with every request
 * logged at the most verbose level and requests that fail (wrong secrets, old keys).
 */
const ACCOUNT = 'T30000003';
const db = sharedDatabase();
let kassa: SpawnedKassa | undefined;
afterAll(async () => {
  await kassa?.kill();
  await db.drop();
});

describe('credentials in the logs', () => {
  it('no secret, key or token appears in what the server writes', async () => {
    kassa = await spawnKassa({
      env: {
        KASSA_DATA_DIR: db.dataDir,
        ...(db.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: db.pgSchema } : {}),
        KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
        KASSA_BOOTSTRAP_CLIENT_ID: 'logs-bootstrap',
        KASSA_BOOTSTRAP_CLIENT_SECRET: 'bootstrap-secret-in-env-0123456789',
        KASSA_LOG_LEVEL: 'trace',
        KASSA_LOG_REQUESTS: 'true',
      },
    });
    const admin = await ApiClient.login(kassa.baseUrl, ACCOUNT, 'logs-bootstrap', 'bootstrap-secret-in-env-0123456789');
    const created = await admin.post(`/v1/accounts/${ACCOUNT}/auth/clients`, { name: 'logged' });
    const grant = await admin.post(`/v1/accounts/${ACCOUNT}/auth/client-grants`, {
      client_id: created.body.id,
      audience: `${kassa.baseUrl}/v1/accounts/${ACCOUNT}`,
      scope: ['read:checkout'],
      type: 'client_credentials',
    });
    expect(grant.status).toBe(200);
    const secret = created.body.client_secret as string;
    await ApiClient.login(kassa.baseUrl, ACCOUNT, created.body.client_id, secret);
    await expect(ApiClient.login(kassa.baseUrl, ACCOUNT, created.body.client_id, `${secret}x`)).rejects.toThrow(/401/);
    const rotated = await admin.post(`/v1/accounts/${ACCOUNT}/auth/clients/${created.body.id}/rotate_secret`);
    const key = await admin.post('/v1/admin/api-keys', { name: 'logged key' });
    const newKey = await admin.post(`/v1/admin/api-keys/${key.body.id}/rotate-api-key`);
    const oldKeyUse = await new ApiClient(kassa.baseUrl).get('/v1/admin/api-keys', { 'x-api-key': key.body.api_key });
    expect(oldKeyUse.status).toBe(401);
    await kassa.kill();
    const output = kassa.output();
    expect(output).toContain('aid_auth_clients_post'); // the requests were logged
    const secrets = [secret, rotated.body.client_secret, key.body.api_key, newKey.body.api_key];
    for (const s of secrets) {
      expect(typeof s).toBe('string');
      expect(output).not.toContain(s);
      expect(output).not.toContain(Buffer.from(s).toString('base64'));
    }
    expect(output).not.toContain('bootstrap-secret-in-env-0123456789');
    expect(output).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/); // no bearer token either
  });
});
