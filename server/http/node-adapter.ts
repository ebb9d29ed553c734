import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import type { KassaMetrics } from '../observability/metrics';
import { uuid } from '../shared/ids';
import type { Dispatcher, ErrorFieldsAt, HttpRequest } from './dispatch';
import { errorResult } from './error-response';
import type { PublicOrigin } from './public-origin';
import { apiSecurityHeaders } from './security-headers';

export const MAX_BODY_BYTES = 1_048_576;

const tooLarge = JSON.stringify({
  error: { message: 'The request body is larger than 1 MiB', code: 'PAYLOAD_TOO_LARGE', errors: [] },
});

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The body as text, or `bodyNotUtf8` (never U+FFFD in place of bytes the client sent: the request is refused instead). */
export const decodeBody = (bytes: Uint8Array): Pick<HttpRequest, 'body' | 'bodyNotUtf8'> => {
  if (bytes.length === 0) return { body: undefined };
  try {
    return { body: utf8.decode(bytes) };
  } catch {
    return { body: undefined, bodyNotUtf8: true };
  }
};

/** Reads the body; past the limit it drains (so the client can read our 413) and gives up entirely at 16x. */
const readBody = (req: IncomingMessage): Promise<Buffer | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES * 16) req.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new Error('too large'))
        : resolve(chunks.length ? Buffer.concat(chunks) : undefined),
    );
    req.on('error', reject);
  });

/**
 * A header value HTTP cannot carry (outside tab and U+0020-U+00FF: e.g. a `paging_token` that is a
 * client's store_id `Café-1`) made writeHead throw after the use case ran, and the request was never
 * answered. Such a value goes out percent-encoded (encodeURIComponent), ready for a query string;
 * every other value is sent as it is.
 */
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/;
const headerSafe = (headers: Record<string, string>): Record<string, string> => {
  for (const k in headers) {
    const v = headers[k]!;
    if (UNSENDABLE.test(v)) headers[k] = encodeURIComponent(v);
  }
  return headers;
};

/**
 * A plain origin-form target (`/v1/sessions/T1.abc?limit=10`: unreserved and sub-delimiter
 * characters only, no percent-escapes, no dot segments, no fragment) is already what WHATWG URL
 * parsing would give; anything else goes through `new URL`, which normalizes it.
 */
const PLAIN_TARGET = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@/]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
export const splitTarget = (target: string): { path: string; query: URLSearchParams } => {
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) {
    const q = target.indexOf('?');
    return q < 0
      ? { path: target, query: new URLSearchParams() }
      : { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
  }
  const url = new URL(target, 'http://internal');
  return { path: url.pathname, query: url.searchParams };
};

/** An incoming `x-request-id` when it is 1-200 printable ASCII characters (no edge spaces), else a new uuid. */
export const requestIdFrom = (header: string | string[] | undefined): string =>
  typeof header === 'string' && /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/.test(header) ? header : uuid();

export interface NodeHandlerObservability {
  logger?: Logger;
  metrics?: KassaMetrics;
  /** Log every finished request at info (else at debug). */
  logRequests?: boolean;
}

/**
 * Headers that name one thing and that node:http would join with ", " when repeated: two
 * Idempotency-Keys would otherwise become one key, `k1, k2`, that neither retry sends.
 */
export const SINGLE_VALUED_HEADERS = ['idempotency-key'] as const;

/** The SINGLE_VALUED_HEADERS this request sent more than once (read from the raw headers only when a joined value may hide two). */
const repeatedSingleValued = (req: IncomingMessage): string[] | undefined => {
  let repeated: string[] | undefined;
  for (const name of SINGLE_VALUED_HEADERS) {
    if (!req.headers[name]?.includes(',') || (req.headersDistinct[name]?.length ?? 0) < 2) continue;
    (repeated ??= []).push(name);
  }
  return repeated;
};

/** node:http adapter over the route table: no framework in the /v1 hot path. `origin`: publicOriginFor (ADR 007). */
export const createNodeHandler =
  (dispatch: Dispatcher, origin: PublicOrigin, obs: NodeHandlerObservability = {}) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const { logger, metrics } = obs;
    let route = 'unmatched';
    metrics?.requestsInFlight.inc();
    // The dispatch and the write of its answer: a client that goes away meanwhile is recorded once they end (its route, its status).
    const pending: { answering?: Promise<void> } = {};
    // Recorded when the response is done (or the client went away): method, operationId, status, duration.
    const record = (aborted: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      metrics?.requestsInFlight.dec();
      metrics?.observeRequest(route, req.method ?? 'GET', res.statusCode, seconds);
      const level = obs.logRequests ? 'info' : 'debug';
      if (logger && logger.isLevelEnabled(level)) {
        const line = {
          method: req.method,
          route,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 10_000) / 10,
          aborted: aborted || undefined,
        };
        logger.child({ request_id: requestId })[level](line, 'request');
      }
    };
    if (logger || metrics)
      res.once('close', () => {
        const aborted = !res.writableFinished; // the connection closed before the answer was sent
        if (!pending.answering) return record(aborted);
        const after = () => record(aborted);
        void pending.answering.then(after, after);
      });
    let body: Buffer | undefined;
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') body = await readBody(req);
    } catch {
      res
        .writeHead(413, {
          ...apiSecurityHeaders(origin(req.headers)),
          'content-type': 'application/json; charset=utf-8',
          connection: 'close',
          'request-id': requestId,
        })
        .end(tooLarge);
      return;
    }
    const { path, query } = splitTarget(req.url ?? '/');
    // node joins repeated headers with ", " itself, but for set-cookie (an array): copied only then
    const raw = req.headers;
    let headers = raw as Record<string, string | undefined>;
    if (raw['set-cookie'] !== undefined) {
      headers = {};
      for (const k in raw) {
        const v = raw[k];
        headers[k] = Array.isArray(v) ? v.join(', ') : v;
      }
    }
    const repeatedHeaders = repeatedSingleValued(req);
    const request: HttpRequest = {
      method: req.method ?? 'GET',
      path,
      query,
      headers,
      ...(body ? decodeBody(body) : { body: undefined }),
      baseUrl: origin(req.headers),
      requestId,
      remoteAddress: req.socket.remoteAddress,
      ...(repeatedHeaders ? { repeatedHeaders } : {}),
    };
    const answering = (pending.answering = dispatch(request).then((response) => {
      route = response.operationId ?? route;
      if (res.headersSent) return; // answered meanwhile (503 at a forced shutdown, ADR 044)
      // With a length, node writes headers and body in one go instead of chunked framing.
      if (response.body !== undefined) response.headers['content-length'] = String(Buffer.byteLength(response.body));
      res.writeHead(response.status, headerSafe(response.headers));
      res.end(response.body);
    }));
    await answering;
  };

/**
 * The server's `clientError` listener: a request node's parser refuses before any handler sees it
 * (a request line and headers over node's 16 KiB, broken framing) gets the error shape too, not
 * node's bare `431`/`400` without a body, with the /v1 security headers (HSTS when `publicOrigin`,
 * known without the request's headers, is https); the connection is closed after it.
 */
export const answerClientError = (
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
  publicOrigin = 'http://unknown',
  errorFieldsAt?: ErrorFieldsAt,
): void => {
  const inResponse = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || inResponse || !err.code?.startsWith('HPE_')) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  endWithError(
    socket,
    tooLarge
      ? new AppError('HEADERS_TOO_LARGE', 'The request line and headers are larger than 16 KiB')
      : new AppError('INVALID_REQUEST', 'The request is not valid HTTP/1.1'),
    publicOrigin,
    errorFieldsAt && requestLineFields(err.rawPacket, errorFieldsAt),
  );
};

const REQUEST_LINE = /^([A-Z]{1,20}) (\S{1,8192}) HTTP\/1\.[01]\r?\n/;

/**
 * The error fields of the operation the refused request named (issue 37 item 20): node gives the bytes it was parsing
 * (`rawPacket`); when they start with the request line, its method and path are matched against the route table, so
 * the 400 for a header node refuses (a raw control character, a bare CR) has the operation's declared 400 shape
 * (`success: false` on /v1/sessions/pay). A packet without the request line (a request sent in pieces) or a path no
 * operation has: none, the generic shape.
 */
const requestLineFields = (rawPacket: unknown, at: ErrorFieldsAt): Record<string, unknown> | undefined => {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const line = REQUEST_LINE.exec(rawPacket.subarray(0, 8300).toString('latin1'));
  if (!line) return undefined;
  try {
    return at(line[1]!, splitTarget(line[2]!).path);
  } catch {
    return undefined; // a target URL cannot parse names no operation
  }
};

/** Answers `refusal` in the error shape straight on the connection (no request object to answer through), then closes it. */
export const endWithError = (
  socket: Duplex,
  refusal: AppError,
  publicOrigin: string,
  errorFields?: Record<string, unknown>,
): void => {
  const { status, body, headers } = errorResult(refusal, () => undefined);
  const text = JSON.stringify(errorFields ? { ...errorFields, ...(body as object) } : body);
  const lines = Object.entries({ ...apiSecurityHeaders(publicOrigin), ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
};

/**
 * An absolute-form request target (`POST http://host/v1/sessions`, RFC 9112 §3.2.2, as a proxy-aware
 * client sends it) becomes the origin-form every handler expects, and its authority the Host.
 */
export const toOriginForm = (req: IncomingMessage): void => {
  const target = req.url ?? '/';
  if (!/^https?:\/\//i.test(target)) return;
  try {
    const url = new URL(target);
    req.url = `${url.pathname}${url.search}`;
    req.headers.host = url.host;
  } catch {
    // not a URL: left as it is, for the handlers to refuse
  }
};
