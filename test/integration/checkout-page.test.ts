import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { createSession, otherId, paidSession } from '../support/fixtures';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';

/**
 * The checkout page as Kassa's own server renders it (ADR 018), through the compiled production
 * server: the whole page in the first response, its props, its one script and the assets it loads.
 */
let db: SharedDatabase;
let kassa: KassaProcess;
let api: ApiClient;
const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dist/checkout/manifest.json'), 'utf8')) as {
  entry: string;
  preload: string[];
};

beforeAll(async () => {
  db = sharedDatabase();
  kassa = await startKassaProcess(db);
  api = await ApiClient.login(kassa.baseUrl);
});
afterAll(async () => {
  await kassa?.kill();
  await db?.drop();
});

/** A raw GET (bodies not decoded), so the test sees exactly the bytes and headers sent. */
const raw = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });

const page = async (query: string) => {
  const res = await raw(`${kassa.baseUrl}/?${query}`);
  return { ...res, html: res.body.toString('utf8') };
};

const propsOf = (html: string) =>
  JSON.parse(/<script id="kassa-checkout-props" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as Record<
    string,
    any
  >;

describe('the checkout page', () => {
  it('is rendered whole on the server, in the page language, with its props and one script', async () => {
    const { id } = await createSession(api);
    const { status, headers, html } = await page(`sid=${encodeURIComponent(id)}&language=nb&ui=inline`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toContain('no-store');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="nb">/);
    expect(html).toContain('<title>Kasse · Kassa</title>');
    // the order and the card form are in the first response
    expect(html).toContain('Widget');
    expect(html).toMatch(/100,00\s*kr/);
    expect(html).toContain('Kortnummer');
    const props = propsOf(html);
    expect(props.sid).toBe(id);
    expect(props.options).toMatchObject({ ui: 'inline', language: 'nb' });
    expect(props.initial.kind).toBe('open');
    expect(props.messages.checkout.title).toBe('Kasse');
    // no framework runtime: the only script is the island's, requested by the inline loader
    expect(html).not.toContain('/_next/');
    expect(html).toContain(`import("/_kassa/checkout/${manifest.entry}")`);
  });

  it('writes every part complete and in place, the deferred card form included (no boundary left for a script)', async () => {
    const sandbox = { creditcard: { enabled: true }, invoice: { enabled: true }, installment: { enabled: true } };
    const { id } = await createSession(api, { configuration: { sandbox } });
    const { html } = await page(`sid=${encodeURIComponent(id)}&language=en`);
    // the page's CSP allows no inline script but its own, so a boundary React wrote later (<template> + $RC) stays empty
    expect(html).not.toContain('<template');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    // the card form's code loads at the first interaction (ADR 038); its HTML is in the first response all the same
    const region = /<div class="contents" data-kassa-deferred="">(.*?)<\/div><\/div><\/li>/s.exec(html)?.[1] ?? '';
    expect(region).toMatch(/^<!--\$-->/);
    expect(region).toContain('"cc-number"');
  });

  it("shows the shipping option's VAT beside its price, and the order's VAT (issue 27 item 1)", async () => {
    const { id } = await createSession(
      api,
      {},
      {
        amount: 14900,
        vat_amount: 2980,
        shipping_option: { id: 'home', line_id: 'ship', amount: 4900, vat_amount: 980, title: 'Home delivery' },
      },
    );
    const { html } = await page(`sid=${encodeURIComponent(id)}&language=en`);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/Home delivery Includes VAT NOK\s9\.80/);
    expect(text).toMatch(/Includes VAT NOK\s29\.80/);
  });

  it('escapes what the merchant wrote when it puts the props in the page', async () => {
    const evil = '</script><script>alert(1)</script>\u2028';
    const { id } = await createSession(
      api,
      {},
      { amount: 500, items: [{ line_id: '1', description: evil, quantity: 1, amount: 500, vat_amount: 100 }] },
    );
    const { html } = await page(`sid=${encodeURIComponent(id)}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(propsOf(html).initial.session.order.items[0].description).toBe(evil);
  });

  it('says a payment is not found (404) for an unknown session, and that a paid one is paid (200)', async () => {
    const { id } = await createSession(api);
    const unknown = await page(`sid=${encodeURIComponent(otherId(id))}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Payment not found');
    expect(propsOf(unknown.html).initial).toMatchObject({ kind: 'unavailable', body: { code: 'SESSION_NOT_FOUND' } });
    const paid = await paidSession(api);
    const shown = await page(`sid=${encodeURIComponent(paid.id)}`);
    expect(shown.status).toBe(200);
    expect(propsOf(shown.html).initial).toMatchObject({ kind: 'unavailable', body: { cause: 'AUTHORIZED' } });
  });

  it("a paid session's page is its receipt (merchant, amount, method, last four digits, date, e-mail), and only the page's", async () => {
    const paid = await paidSession(api, {
      overrides: {
        customer: { email: 'kari@example.com' },
        configuration: { merchant: { name: 'Fjord Outfitters', logo_url: 'https://shop.example/logo.png' } },
      },
    });
    const initial = propsOf((await page(`sid=${encodeURIComponent(paid.id)}`)).html).initial;
    expect(initial.closed).toEqual({
      merchant: { id: expect.any(String), name: 'Fjord Outfitters', logo_url: 'https://shop.example/logo.png' },
      theme: { color_scheme: 'auto' },
      receipt: {
        amount: 10000,
        currency: 'NOK',
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        method: { payment_product_type: 'sandbox.creditcard', name: expect.any(String) },
        card: { brand: 'Visa', last4: '1111' },
        email: 'kari@example.com',
      },
    });
    // no more than a receipt: no masked number, expiry, token or address
    expect(JSON.stringify(initial.closed)).not.toMatch(/\*{4}|expiry|token|Storgata/);
    // the view API's 404 is as before: no merchant, no receipt
    const view = await new ApiClient(kassa.baseUrl).get(`/v1/view/${encodeURIComponent(paid.id)}/session`);
    expect(view.status).toBe(404);
    expect(JSON.stringify(view.body)).not.toMatch(/receipt|Fjord|1111|kari@/);
  });

  it("a cancelled session's page names its merchant but has no receipt; an unknown one names nobody", async () => {
    const { id } = await createSession(api, { configuration: { merchant: { name: 'Fjord Outfitters' } } });
    expect((await api.post(`/v1/sessions/${id}/cancel`)).status).toBe(200);
    const initial = propsOf((await page(`sid=${encodeURIComponent(id)}`)).html).initial;
    expect(initial).toMatchObject({ kind: 'unavailable', body: { cause: 'CANCELLED' } });
    expect(initial.closed).toEqual({
      merchant: { id: expect.any(String), name: 'Fjord Outfitters' },
      theme: { color_scheme: 'auto' },
    });
    const unknown = propsOf((await page(`sid=${encodeURIComponent(otherId(id))}`)).html).initial;
    expect(unknown.closed).toBeUndefined();
  });

  it('a language or parameter named like an Object.prototype member is no crash: the page answers 200 in English', async () => {
    const { id } = await createSession(api);
    const sid = `sid=${encodeURIComponent(id)}`;
    for (const query of [
      'language=constructor',
      'language=Constructor-NO',
      'language=__proto__',
      'language=toString',
      'language=hasOwnProperty',
      'constructor=1',
      'toString=x',
      '__proto__=a&__proto__=b',
      'hasOwnProperty=1',
    ]) {
      const { status, html } = await page(`${sid}&${query}`);
      expect(status, query).toBe(200);
      expect(html, query).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(propsOf(html).options.language, query).toBe('en');
      expect(html, query).toContain('Card number');
    }
  });

  it('answers HEAD without a body, and leaves other methods on / to the rest of the server', async () => {
    const { id } = await createSession(api);
    const head = await raw(`${kassa.baseUrl}/?sid=${encodeURIComponent(id)}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await raw(`${kassa.baseUrl}/?sid=${encodeURIComponent(id)}`, {}, 'POST');
    expect(post.headers['content-type']).not.toContain('text/html');
  });
});

describe('the checkout assets', () => {
  const files = () => [manifest.entry, ...manifest.preload];

  it('are served compressed ahead of time: brotli, gzip or plain, each the same module', async () => {
    for (const file of files()) {
      const url = `${kassa.baseUrl}/_kassa/checkout/${file}`;
      const plain = await raw(url);
      const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await raw(url, { 'accept-encoding': 'gzip' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    }
  });

  it('honours q=0 and sends nothing outside its folder', async () => {
    const url = `${kassa.baseUrl}/_kassa/checkout/${manifest.entry}`;
    expect((await raw(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    for (const bad of ['nope.js', 'manifest.json', '..%2F..%2Fpackage.json', '%2E%2E/package.json', '']) {
      const res = await raw(`${kassa.baseUrl}/_kassa/checkout/${bad}`);
      expect(res.status, bad).toBe(404);
    }
  });
});
