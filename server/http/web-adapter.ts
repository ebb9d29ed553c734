import type { Dispatcher, HttpRequest } from './dispatch';
import { decodeBody, MAX_BODY_BYTES, requestIdFrom } from './node-adapter';
import type { PublicOrigin } from './public-origin';
import { apiSecurityHeaders } from './security-headers';

/** The body's bytes, or `undefined` once it passes `max`: read chunk by chunk, never more than the limit held (ADR 044). */
const readBounded = async (request: Request, max: number): Promise<Uint8Array | undefined> => {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
};

/** Web-standard Request/Response adapter over the same dispatcher (used by Next route handlers). */
export const handleWebRequest = async (
  dispatch: Dispatcher,
  origin: PublicOrigin,
  request: Request,
): Promise<Response> => {
  const url = new URL(request.url);
  const headers: Record<string, string | undefined> = {};
  request.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  const bytes = bodyless ? undefined : await readBounded(request, MAX_BODY_BYTES);
  if (!bodyless && !bytes) {
    return Response.json(
      { error: { message: 'The request body is larger than 1 MiB', code: 'PAYLOAD_TOO_LARGE', errors: [] } },
      { status: 413, headers: apiSecurityHeaders(origin(headers)) },
    );
  }
  const req: HttpRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    ...(bytes ? decodeBody(bytes) : { body: undefined }),
    baseUrl: origin(headers),
    requestId: requestIdFrom(headers['x-request-id']),
  };
  const res = await dispatch(req);
  return new Response(res.body ?? null, { status: res.status, headers: res.headers });
};
