import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kassa } from '../../server/create-kassa';
import { getKassa } from '../../server/http/kassa-singleton';
import { randomBase58 } from '../../server/shared/ids';

const ROOT = path.resolve(__dirname, '../..');
const saved = { ...process.env };
let kassa: Kassa;
let start: typeof import('../../app/demo/start/route');

/** The demo's Next route handler, over the process's Kassa (getKassa) on a fresh database. */
beforeAll(async () => {
  Object.assign(process.env, {
    KASSA_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-demo-test-')),
    KASSA_CALLBACK_WORKER: 'false',
    PORT: '3999',
    HOST: '0.0.0.0',
    KASSA_TRUST_PROXY: 'false',
    ...(process.env.DATABASE_URL ? { KASSA_DATABASE_SCHEMA: `t_${process.env.KASSA_TEST_RUN ?? 'x'}_${randomBase58(12).toLowerCase()}` } : {}),
  });
  delete process.env.KASSA_PUBLIC_URL;
  kassa = await getKassa();
  start = await import('../../app/demo/start/route');
});
afterAll(async () => {
  await kassa?.close();
  process.env = saved;
});

const countSessions = async () =>
  Number(
    (
      await kassa.ctx.database.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the demo shop', () => {
  it('GET /demo is a page with a button; only POST /demo/start creates a session (there is no GET handler)', () => {
    expect(fs.existsSync(path.join(ROOT, 'app/demo/page.tsx'))).toBe(true);
    expect(fs.existsSync(path.join(ROOT, 'app/demo/route.ts'))).toBe(false);
    expect(fs.readFileSync(path.join(ROOT, 'app/demo/demo-cart.tsx'), 'utf8')).toMatch(/<form method="post" action="\/demo\/start"/);
    expect(Object.keys(start).filter((k) => /^(GET|HEAD|PUT|PATCH|DELETE|OPTIONS)$/.test(k))).toEqual([]);
    expect(fs.readFileSync(path.join(ROOT, 'bin/kassa.ts'), 'utf8')).not.toContain("'/demo'");
  });

  it('POST /demo/start answers 303 to the checkout; forwarded headers choose neither the checkout nor the return and callback URLs', async () => {
    const before = await countSessions();
    const res = await start.POST(
      new Request('http://evil.example/demo/start', {
        method: 'POST',
        headers: { host: 'evil.example', 'x-forwarded-host': '10.0.0.7:6379', 'x-forwarded-proto': 'https' },
      }),
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe('http://localhost:3999');
    expect(await countSessions()).toBe(before + 1);
    const id = location.pathname.split('/').pop()!;
    const row = await kassa.ctx.database.db.selectFrom('sessions').select(['url', 'account_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.account_id).toBe(kassa.merchant.accountId);
    expect(JSON.parse(row.url)).toEqual({
      return_url: 'http://localhost:3999/demo/return',
      callback_url: 'http://localhost:3999/demo/api/callback?method=POST&report_event=CAPTURE&report_event=REFUND&report_event=VOID',
    });
    const express = JSON.parse((await kassa.ctx.database.db.selectFrom('sessions').select('express').where('id', '=', id).executeTakeFirstOrThrow()).express!);
    expect(express.shipping_address_callback_url).toBe('http://localhost:3999/demo/api/shipping-address');
    expect(express.discount_codes.callback_url).toBe('http://localhost:3999/demo/api/discount-codes');
  });
});
