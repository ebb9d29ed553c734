import type { Dispatcher, HttpRequest } from './dispatch';
import { decodeBody, MAX_BODY_BYTES, requestIdFrom } from './node-adapter';
import type { PublicOrigin } from './public-origin';
import { apiSecurityHeaders } from './security-headers';

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
  const bytes =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
  if (bytes && bytes.length > MAX_BODY_BYTES) {
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
