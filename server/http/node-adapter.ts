import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher, HttpRequest } from './dispatch';
import type { PublicOrigin } from './public-origin';

export const MAX_BODY_BYTES = 1_048_576;

const tooLarge = JSON.stringify({ error: { message: 'The request body is larger than 1 MiB', code: 'PAYLOAD_TOO_LARGE', errors: [] } });

/** Reads the body; past the limit it drains (so the client can read our 413) and gives up entirely at 16x. */
const readBody = (req: IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    if (req.method === 'GET' || req.method === 'HEAD') return resolve(undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES * 16) req.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => (size > MAX_BODY_BYTES ? reject(new Error('too large')) : resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined)));
    req.on('error', reject);
  });

/** node:http adapter over the route table: no framework in the /v1 hot path. `origin`: publicOriginFor (ADR 007). */
export const createNodeHandler = (dispatch: Dispatcher, origin: PublicOrigin) => async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
  let body: string | undefined;
  try {
    body = await readBody(req);
  } catch {
    res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(tooLarge);
    return;
  }
  const url = new URL(req.url ?? '/', 'http://internal');
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const request: HttpRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body, baseUrl: origin(req.headers) };
  const response = await dispatch(request);
  // With a length, node writes headers and body in one go instead of chunked framing.
  if (response.body !== undefined) response.headers['content-length'] = String(Buffer.byteLength(response.body));
  res.writeHead(response.status, response.headers);
  res.end(response.body);
};
