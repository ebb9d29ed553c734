import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { assetSecurityHeaders, checkoutPageHeaders, type PublicOrigin } from '../../server/pages/page-headers';
import { renderCheckoutPage, type CheckoutAssets } from './render-checkout-page';

/** Where the checkout's browser assets are served from (immutable, content-hashed names). */
export const CHECKOUT_ASSETS_PATH = '/_kassa/checkout/';

interface Manifest {
  entry: string;
  preload: string[];
  css: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
/** The best encoding the client takes: brotli, then gzip (q=0 is taken as a no). */
const encodingFor = (req: http.IncomingMessage): 'br' | 'gzip' | undefined => {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.toLowerCase());
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
};
const EXTENSION = { br: '.br', gzip: '.gz' } as const;
const SAFE_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)+$/;

/**
 * The node:http side of the checkout page (ADR 018): `GET /?sid=...` renders the page, and
 * `/_kassa/checkout/<file>` serves its assets (compressed ahead of time) from `dir`
 * (dist/checkout, written by scripts/build-lib.mjs). `matches` says which requests are its own.
 */
export const createCheckoutHandler = (dir: string, origin: PublicOrigin) => {
  let assets: CheckoutAssets | undefined;
  const loadAssets = (): CheckoutAssets => {
    if (assets) return assets;
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    assets = {
      entry: CHECKOUT_ASSETS_PATH + manifest.entry,
      preload: manifest.preload.map((f) => CHECKOUT_ASSETS_PATH + f),
      css: fs.readFileSync(path.join(dir, manifest.css), 'utf8'),
    };
    return assets;
  };

  const serveAsset = (req: http.IncomingMessage, res: http.ServerResponse, name: string) => {
    const file = path.join(dir, name);
    const secure = assetSecurityHeaders(origin(req.headers));
    if (!SAFE_NAME.test(name) || name === 'manifest.json' || !fs.existsSync(file))
      return void res.writeHead(404, { ...secure, 'content-type': 'text/plain' }).end('Not found');
    const wanted = encodingFor(req);
    const encoding = wanted && fs.existsSync(file + EXTENSION[wanted]) ? wanted : undefined;
    const body = fs.readFileSync(encoding ? file + EXTENSION[encoding] : file);
    res.writeHead(200, {
      ...secure,
      'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const servePage = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const country = req.headers['viewer-country'];
    const self = origin(req.headers);
    const page = await renderCheckoutPage(
      {
        url,
        cookie: req.headers.cookie,
        viewerCountry: Array.isArray(country) ? country[0] : country,
        self,
        referer: req.headers.referer,
      },
      loadAssets(),
    );
    const { status, html, scriptHashes, policy } = page;
    const encoding = encodingFor(req);
    // brotli at a quality that costs about what gzip does (the page is rendered for each request)
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(html)
          : Buffer.from(html);
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      // the sid is in the URL: no Referer carries it anywhere (ADR 021)
      ...checkoutPageHeaders(self, scriptHashes, policy),
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      'content-length': body.length,
      vary: 'accept-encoding, cookie',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return {
    /** The checkout page (`/` with a `sid`) or one of its assets. */
    matches: (req: http.IncomingMessage): URL | undefined => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://checkout.invalid');
      } catch {
        return undefined; // `//`, `/\`: not a target WHATWG URL can resolve, so not the page's
      }
      if (url.pathname.startsWith(CHECKOUT_ASSETS_PATH) || (url.pathname === '/' && url.searchParams.has('sid')))
        return url;
      return undefined;
    },
    handle: async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
      if (url.pathname.startsWith(CHECKOUT_ASSETS_PATH))
        serveAsset(req, res, url.pathname.slice(CHECKOUT_ASSETS_PATH.length));
      else await servePage(req, res, url);
    },
  };
};
