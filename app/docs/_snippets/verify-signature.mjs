// Verify the Kassa-Signature header of a Kassa callback. Node.js 18 or later, nothing to install.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * True when `header` (`t=<unix seconds>,v0-hmac-sha256=<hex>`) is Kassa's signature of this request:
 * `method` and the full `url` Kassa called (with its query), made with your account id and signing
 * secret at most `toleranceSeconds` ago. The body is not signed.
 */
export function verifyKassaSignature({ header, secret, accountId, method, url, toleranceSeconds = 300, nowSeconds }) {
  const fields = new Map(
    String(header ?? '')
      .split(',')
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  );
  const t = fields.get('t') ?? '';
  const given = fields.get('v0-hmac-sha256') ?? '';
  const now = nowSeconds ?? Date.now() / 1000;
  if (!/^\d+$/.test(t) || Math.abs(now - Number(t)) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(given)) return false;
  const { hostname, pathname, search } = new URL(url);
  const query = new URLSearchParams(search);
  query.sort(); // by key; keys that repeat keep their order
  const signed = [t, accountId, method.toUpperCase(), hostname, pathname, query.toString()].join('\n');
  const expected = createHmac('sha256', secret).update(signed).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

// A callback endpoint: KASSA_SIGNING_SECRET=... KASSA_ACCOUNT_ID=T00000001 PORT=8080 node verify-signature.mjs
// It answers 200 to a request Kassa signed, 401 to any other (Kassa does not retry a 4xx).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { KASSA_SIGNING_SECRET: secret, KASSA_ACCOUNT_ID: accountId, PORT = '8080' } = process.env;
  const server = http.createServer((req, res) => {
    // The URL Kassa called: behind a proxy that changes the Host header, use your public callback URL's host.
    const url = `http://${req.headers.host}${req.url}`;
    const header = req.headers['kassa-signature'];
    const ok = verifyKassaSignature({ header, secret, accountId, method: req.method, url });
    req.resume(); // with method=POST the body is the transaction: read it from GET /v1/transactions/{id} instead
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? '{}' : '{"error":"invalid signature"}');
    if (ok) console.log(`callback for transaction ${new URL(url).searchParams.get('transaction_id')}`);
  });
  server.listen(Number(PORT), () => console.log(`listening on port ${server.address().port}`));
}
