import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Kassa } from '../../server/create-kassa';
import { getKassa } from '../../server/http/kassa-singleton';
import { randomBase58 } from '../../server/shared/ids';

/** The demo merchant's client secret in these tests (KASSA_DEMO_CLIENT_SECRET). */
export const DEMO_TEST_SECRET = 'demo-test-secret-0123456789';

/**
 * The process's Kassa (getKassa), which the demo's Next route handlers use, on a fresh database and
 * `http://localhost:<port>`, as the quick start runs it (no KASSA_BOOTSTRAP_*: the demo is on) (per file: beforeAll / afterAll; process.env is restored after).
 * Register a file's own beforeAll (route imports) after calling this.
 */
export const useDemoKassa = (port: number, name: string) => {
  const saved = { ...process.env };
  let kassa: Kassa | undefined;
  beforeAll(async () => {
    Object.assign(process.env, {
      KASSA_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `kassa-${name}-`)),
      KASSA_CALLBACK_WORKER: 'false',
      PORT: String(port),
      HOST: '0.0.0.0',
      KASSA_TRUST_PROXY: 'false',
      KASSA_DEMO_CLIENT_SECRET: DEMO_TEST_SECRET,
      ...(process.env.DATABASE_URL
        ? { KASSA_DATABASE_SCHEMA: `t_${process.env.KASSA_TEST_RUN ?? 'x'}_${randomBase58(12).toLowerCase()}` }
        : {}),
    });
    for (const name of [
      'KASSA_PUBLIC_URL',
      'KASSA_DEMO',
      'KASSA_BOOTSTRAP_ACCOUNT',
      'KASSA_BOOTSTRAP_CLIENT_ID',
      'KASSA_BOOTSTRAP_CLIENT_SECRET',
    ])
      delete process.env[name];
    kassa = await getKassa();
  });
  afterAll(async () => {
    await kassa?.close();
    process.env = saved;
  });
  const demo = {
    get kassa(): Kassa {
      if (!kassa) throw new Error('the demo Kassa starts in beforeAll');
      return kassa;
    },
    countSessions: async () =>
      Number(
        (
          await demo.kassa.ctx.database.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
  return demo;
};
