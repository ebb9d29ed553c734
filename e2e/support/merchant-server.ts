import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { getToken } from './api';
import { WAIT_MS } from '../../test/support/wait';

export interface RecordedCallback {
  method: string;
  /** The full URL the callback was sent to, as the merchant sees it. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface MerchantServer {
  origin: string;
  callbacks: RecordedCallback[];
  /** Resolves with the first callback that matches, polling the recorded list. */
  waitForCallback: (match: (c: RecordedCallback) => boolean, timeoutMs?: number) => Promise<RecordedCallback>;
  close: () => Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that embeds the checkout like the web SDK does: height 0 until told, messages recorded. */
const embedPage = (src: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Merchant shop</title></head>
<body style="margin:0;font-family:sans-serif">
<h1 style="font-size:18px;padding:8px">Merchant shop</h1>
<div id="container"><iframe id="checkout" title="Checkout" src="${escapeHtml(src)}" style="width:100%;height:0;border:0"
  sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-top-navigation allow-popups-to-escape-sandbox" allow="payment"></iframe></div>
<script>
  window.kassaEvents = [];
  const frame = document.getElementById('checkout');
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    window.kassaEvents.push({ origin: event.origin, data: event.data });
    const data = event.data || {};
    if (data.mid) frame.contentWindow.postMessage({ ack: data.mid }, event.origin);
    if (data.type === 'HeightChanged') frame.style.height = data.height + 'px';
  });
</script>
</body></html>`;

/** The browser SDK's UMD build (global `dintero`), served by the merchant as a shop would host it. */
const SDK_FILE = path.resolve(
  __dirname,
  '../../node_modules/@dintero/checkout-web-sdk/dist/dintero-checkout-web-sdk.umd.min.js',
);

/**
 * A merchant page that embeds the checkout with the REAL SDK (`dintero.embed`, endpoint = Kassa's
 * origin): the instance is `window.checkout`, every SDK event is recorded in `window.sdkEvents`
 * and the order total of the last SessionLoaded/SessionUpdated is shown in #sdk-total.
 */
const sdkEmbedPage = (
  sid: string,
  endpoint: string,
  opts: { ui: string; language: string; popOut: boolean },
) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Merchant shop (SDK)</title></head>
<body style="margin:0;font-family:sans-serif">
<h1 style="font-size:18px;padding:8px">Merchant shop</h1>
<p>Total from the SDK: <output id="sdk-total"></output></p>
<div id="container"></div>
<script src="/sdk.js"></script>
<script>
  window.sdkEvents = [];
  const record = (e) => window.sdkEvents.push(Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v !== 'function' && typeof v !== 'object').concat([['session', e.session ? { amount: e.session.order && e.session.order.amount } : undefined]])));
  dintero.embed({
    container: document.getElementById('container'),
    sid: ${JSON.stringify(sid)},
    endpoint: ${JSON.stringify(endpoint)},
    language: ${JSON.stringify(opts.language)},
    ui: ${JSON.stringify(opts.ui)},
    popOut: ${JSON.stringify(opts.popOut)},
    onSession: (e) => { record(e); document.getElementById('sdk-total').textContent = String(e.session.order.amount); },
    onSessionLocked: (e) => record(e),
    onSessionLockFailed: (e) => record(e),
    onPayment: (e) => record(e),
    onPaymentError: (e) => record(e),
    onSessionCancel: (e) => record(e),
    onActivePaymentType: (e) => record(e),
  }).then((checkout) => { window.checkout = checkout; });
</script>
</body></html>`;

export const startMerchantServer = async (): Promise<MerchantServer> => {
  const callbacks: RecordedCallback[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (url.pathname.startsWith('/callback')) {
        callbacks.push({
          method: req.method ?? 'GET',
          url: url.toString(),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (url.pathname === '/return') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><title>Order complete</title><h1>Merchant return page</h1><pre>${escapeHtml(url.search)}</pre>`,
          );
      } else if (url.pathname === '/logo.svg') {
        res
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0f5132"/><path d="M8 28l8-16 6 10 4-6 6 12z" fill="#fff"/></svg>',
          );
      } else if (url.pathname === '/sdk.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(SDK_FILE));
      } else if (url.pathname === '/sdk-embed') {
        const q = url.searchParams;
        const opts = {
          ui: q.get('ui') ?? 'inline',
          language: q.get('language') ?? 'en',
          popOut: q.get('popOut') === 'true',
        };
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(sdkEmbedPage(q.get('sid') ?? '', q.get('endpoint') ?? '', opts));
      } else if (url.pathname === '/embed') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(embedPage(url.searchParams.get('src') ?? 'about:blank'));
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const waitForCallback = async (match: (c: RecordedCallback) => boolean, timeoutMs = WAIT_MS) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = callbacks.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching callback within ${timeoutMs} ms (got ${callbacks.length})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, callbacks, waitForCallback, close };
};

/**
 * Per spec file: a merchant server and a token of the test account (started in beforeAll, the server
 * closed in afterAll). Read `merchant` and `token` inside tests, not at the top of the file.
 */
export const useMerchant = () => {
  let merchant: MerchantServer | undefined;
  let token: string | undefined;
  test.beforeAll(async () => {
    merchant = await startMerchantServer();
    token = await getToken();
  });
  test.afterAll(async () => merchant?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the merchant server starts in beforeAll');
    return value;
  };
  const shop = {
    get merchant(): MerchantServer {
      return started(merchant);
    },
    get token(): string {
      return started(token);
    },
    /** The merchant's return URL for sessions. */
    returnUrl: () => `${shop.merchant.origin}/return`,
    atMerchantReturn: (u: URL) => u.origin === shop.merchant.origin && u.pathname === '/return',
    /** Waits for the checkout to send the customer back; checks the return URL names a transaction and `merchantReference`. The transaction's id. */
    returnedTransactionId: async (page: Page, merchantReference: string): Promise<string> => {
      await page.waitForURL(shop.atMerchantReturn);
      const back = new URL(page.url());
      const transactionId = back.searchParams.get('transaction_id');
      expect(transactionId).toBeTruthy();
      expect(back.searchParams.get('merchant_reference')).toBe(merchantReference);
      return transactionId!;
    },
  };
  return shop;
};
