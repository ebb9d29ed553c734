import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID, DEMO_CLIENT_ID } from '../../server/accounts/ensure-demo-merchant';
import { verifyClientSecret } from '../../server/auth/verify-client-secret';
import { loadEnv } from '../../server/config/env';
import { createKassa, type Kassa } from '../../server/create-kassa';
import { randomBase58 } from '../../server/shared/ids';
import { sharedDatabase } from '../support/kassa-process';
import { spawnKassa } from '../support/spawn-kassa';

/** Issue 24 item 10: the demo merchant's client secret is stored hashed and shown once, when it is made. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-demo-secret-'));
const pgSchema = process.env.DATABASE_URL
  ? `t_${process.env.KASSA_TEST_RUN ?? 'x'}_${randomBase58(12).toLowerCase()}`
  : undefined;
const start = (env: Record<string, string> = {}): Promise<Kassa> =>
  createKassa(
    loadEnv({
      NODE_ENV: 'test',
      KASSA_DATA_DIR: dataDir,
      KASSA_CALLBACK_WORKER: 'false',
      KASSA_LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...env,
    }),
    {
      pgSchema,
    },
  );
const running: Kassa[] = [];
afterAll(async () => {
  for (const k of running) await k.close().catch(() => undefined);
});

const authenticates = async (kassa: Kassa, secret: string) =>
  Boolean(await verifyClientSecret(kassa.ctx.database.db, DEMO_ACCOUNT_ID, DEMO_CLIENT_ID, secret));
const storedSecrets = async (kassa: Kassa) =>
  (await kassa.ctx.database.db.selectFrom('server_secrets').select(['name', 'value']).execute()).map((r) => r);

describe("the demo merchant's client secret", () => {
  it('is kept only as a hash, returned on the start that made it and never again; a clear copy from before is deleted', async () => {
    const first = await start();
    running.push(first);
    const secret = first.merchant.newClientSecret!;
    expect(secret).toMatch(/^\S{32,}$/);
    expect(await authenticates(first, secret)).toBe(true);
    expect(
      (await storedSecrets(first)).filter((r) => r.name === 'demo_client_secret' || r.value.includes(secret)),
    ).toEqual([]);
    const client = await first.ctx.database.db
      .selectFrom('api_clients')
      .select('secret_hash')
      .where('client_id', '=', DEMO_CLIENT_ID)
      .executeTakeFirstOrThrow();
    expect(client.secret_hash).not.toContain(secret);
    // a database from before kept it in clear
    await first.ctx.database.db
      .insertInto('server_secrets')
      .values({ name: 'demo_client_secret', value: secret, created_at: new Date().toISOString() })
      .execute();
    await first.close();
    running.pop();

    const again = await start();
    running.push(again);
    expect(again.merchant.newClientSecret).toBeUndefined();
    expect(await authenticates(again, secret)).toBe(true);
    expect(
      (await storedSecrets(again)).filter((r) => r.name === 'demo_client_secret' || r.value.includes(secret)),
    ).toEqual([]);
    await again.close();
    running.pop();

    // lost it: KASSA_DEMO_CLIENT_SECRET replaces it (and is not shown); unset again, the new one stays
    const chosen = 'my-own-demo-secret-0123456789';
    const rotated = await start({ KASSA_DEMO_CLIENT_SECRET: chosen });
    running.push(rotated);
    expect(rotated.merchant.newClientSecret).toBeUndefined();
    expect(await authenticates(rotated, chosen)).toBe(true);
    expect(await authenticates(rotated, secret)).toBe(false);
    await rotated.close();
    running.pop();
    const after = await start();
    running.push(after);
    expect(await authenticates(after, chosen)).toBe(true);
  });

  it('the server prints it on the first start only', async () => {
    const db = sharedDatabase();
    const env = {
      KASSA_DATA_DIR: db.dataDir,
      ...(db.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: db.pgSchema } : {}),
    };
    try {
      const first = await spawnKassa({ env });
      await first.kill();
      const printed = /client_secret (\S+)/.exec(first.output())?.[1];
      expect(printed, first.output()).toMatch(/^\S{32,}$/);
      const second = await spawnKassa({ env });
      await second.kill();
      expect(second.output()).toContain(DEMO_CLIENT_ID);
      expect(second.output()).not.toContain(printed!);
    } finally {
      await db.drop();
    }
  });

  it('a SIGTERM the moment the server says it listens finds the banner written and the server stopping cleanly', async () => {
    // CI once saw no banner: the parent killed on the listening line before the start had printed it, and with no
    // handler yet node's default ended the process mid-start. Now the banner comes first and the handler before listen.
    const db = sharedDatabase();
    const env = {
      KASSA_DATA_DIR: db.dataDir,
      ...(db.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: db.pgSchema } : {}),
    };
    try {
      for (let i = 0; i < 3; i++) {
        // the signal goes as soon as the line arrives, from the pipe's own event (so the test waits for the exit)
        let killed = false;
        const proc = await spawnKassa({
          env,
          ready: (_base, _output, child) => {
            child.stdout!.on('data', (d: Buffer) => {
              if (!killed && d.toString().includes('Kassa is listening')) killed = child.kill('SIGTERM');
            });
            return true;
          },
        });
        const exit = await proc.exited;
        expect(proc.output()).toContain(`client_id ${DEMO_CLIENT_ID}`);
        if (i === 0) expect(proc.output()).toMatch(/client_secret \S{32,}/);
        expect(exit, proc.output()).toEqual({ code: 0, signal: null });
        expect(proc.output()).toContain('"msg":"stopped"');
      }
    } finally {
      await db.drop();
    }
  });
});
