import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, ACCOUNT, CLIENT_ID, CLIENT_SECRET, type TestServer } from '../support/test-server';

/**
 * Issue 37 item 12: a client secret a person may have chosen (KASSA_BOOTSTRAP_CLIENT_SECRET,
 * KASSA_DEMO_CLIENT_SECRET) is stored with the console passwords' KDF (scrypt, salted), an older SHA-256 hash
 * still verifies and is replaced at the next start; and KASSA_SECRETS_FILE keeps the server's keys out of the
 * database.
 */
const SCRYPT = /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/;
const storedHash = async (srv: TestServer, clientId: string) =>
  (
    await srv.kassa.ctx.database.db
      .selectFrom('api_clients')
      .select('secret_hash')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow()
  ).secret_hash;
const KEYS = ['checkout_cookie_password', 'jwt_signing_key', 'wallet_pin_key'];
/** Which of the server's keys the database holds. */
const keysInDatabase = async (srv: TestServer) =>
  (await srv.kassa.ctx.database.db.selectFrom('server_secrets').select('name').execute())
    .map((r) => r.name)
    .filter((name) => KEYS.includes(name))
    .sort();
const tokenOf = async (srv: TestServer) => {
  const res = await fetch(`${srv.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: `https://checkout.example/v1/accounts/${ACCOUNT}`,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const running: TestServer[] = [];
const start = async (opts: Parameters<typeof startTestServer>[0] = {}) => {
  const srv = await startTestServer(opts);
  running.push(srv);
  return srv;
};
const stop = async (srv: TestServer) => {
  running.splice(running.indexOf(srv), 1);
  await srv.stop();
};
const same = (srv: TestServer, env: Record<string, string> = {}) => ({
  env,
  dataDir: srv.dataDir,
  pgSchema: srv.pgSchema,
});

describe('secrets a person chose', () => {
  it('the bootstrap and demo client secrets are stored as salted scrypt hashes, and still give tokens', async () => {
    const demoSecret = 'my-own-demo-secret-0123456789';
    const srv = await start({ env: { KASSA_DEMO: 'true', KASSA_DEMO_CLIENT_SECRET: demoSecret } });
    try {
      const bootstrap = await storedHash(srv, CLIENT_ID);
      const demo = await storedHash(srv, 'demo-merchant');
      expect({ bootstrap, demo }).toEqual({
        bootstrap: expect.stringMatching(SCRYPT),
        demo: expect.stringMatching(SCRYPT),
      });
      await ApiClient.login(srv.baseUrl); // the bootstrap client's token
      // a restart keeps the stored hash (no new salt each start: the demo login cookie names it)
      await stop(srv);
      const again = await start(same(srv, { KASSA_DEMO: 'true', KASSA_DEMO_CLIENT_SECRET: demoSecret }));
      expect(await storedHash(again, CLIENT_ID)).toBe(bootstrap);
      expect(await storedHash(again, 'demo-merchant')).toBe(demo);
    } finally {
      for (const s of [...running]) await stop(s);
    }
  });

  it('a SHA-256 hash an older version stored still verifies, and the next start replaces it', async () => {
    const srv = await start();
    try {
      const sha = createHash('sha256').update(CLIENT_SECRET).digest('hex');
      await srv.kassa.ctx.database.db
        .updateTable('api_clients')
        .set({ secret_hash: sha })
        .where('client_id', '=', CLIENT_ID)
        .execute();
      await ApiClient.login(srv.baseUrl);
      await stop(srv);
      const again = await start(same(srv));
      expect(await storedHash(again, CLIENT_ID)).toMatch(SCRYPT);
      await ApiClient.login(again.baseUrl);
    } finally {
      for (const s of [...running]) await stop(s);
    }
  });
});

describe('KASSA_SECRETS_FILE', () => {
  it('holds the token-signing, cookie and PIN keys instead of the database, and moves keys the database had', async () => {
    const srv = await start();
    try {
      expect(await keysInDatabase(srv)).toEqual(KEYS);
      const token = await tokenOf(srv);
      await stop(srv);
      const file = path.join(srv.dataDir, 'keys', 'kassa-secrets.json');
      const withFile = await start(same(srv, { KASSA_SECRETS_FILE: file }));
      // the keys moved to the file (readable by its owner only); the database has none of them
      const moved = {
        inDatabase: await keysInDatabase(withFile),
        inFile: fs.existsSync(file) ? Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object).sort() : [],
      };
      expect(moved).toEqual({ inDatabase: [], inFile: KEYS });
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      // a token signed before the move is still good: the file holds the same key
      const clients = await fetch(`${withFile.baseUrl}/v1/accounts/${ACCOUNT}/auth/clients`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(clients.status).toBe(200);
      await stop(withFile);
      const again = await start(same(srv, { KASSA_SECRETS_FILE: file }));
      expect(await keysInDatabase(again)).toEqual([]);
      await tokenOf(again);
    } finally {
      for (const s of [...running]) await stop(s);
    }
  });
});
