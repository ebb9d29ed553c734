/** Ceiling A: the cheapest possible node:http JSON endpoint. */
import http from 'node:http';

const body = JSON.stringify({ ok: true });
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(body)),
};

http.createServer((_req, res) => res.writeHead(200, headers).end(body)).listen(Number(process.env.PORT), '127.0.0.1');
