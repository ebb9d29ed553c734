import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoKassa } from '../support/demo-kassa';

const ROOT = path.resolve(__dirname, '../..');
const demo = useDemoKassa(3999, 'demo-test');
const { countSessions } = demo;
let start: typeof import('../../app/demo/start/route');

/** The demo's Next route handler, over the process's Kassa (getKassa) on a fresh database. */
beforeAll(async () => {
  start = await import('../../app/demo/start/route');
});

describe('the demo shop', () => {
  it('GET /demo is a page with a button; only POST /demo/start creates a session (there is no GET handler)', () => {
    expect(fs.existsSync(path.join(ROOT, 'app/demo/page.tsx'))).toBe(true);
    expect(fs.existsSync(path.join(ROOT, 'app/demo/route.ts'))).toBe(false);
    expect(fs.readFileSync(path.join(ROOT, 'app/demo/demo-cart.tsx'), 'utf8')).toMatch(
      /<form method="post" action="\/demo\/start"/,
    );
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
    const row = await demo.kassa.ctx.database.db
      .selectFrom('sessions')
      .select(['url', 'account_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(demo.kassa.merchant.demoStore!.accountId);
    expect(JSON.parse(row.url)).toEqual({
      return_url: 'http://localhost:3999/demo/return',
      callback_url:
        'http://localhost:3999/demo/api/callback?method=POST&report_event=CAPTURE&report_event=REFUND&report_event=VOID',
    });
    const express = JSON.parse(
      (
        await demo.kassa.ctx.database.db
          .selectFrom('sessions')
          .select('express')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).express!,
    );
    expect(express.shipping_address_callback_url).toBe('http://localhost:3999/demo/api/shipping-address');
    expect(express.discount_codes.callback_url).toBe('http://localhost:3999/demo/api/discount-codes');
  });
});
