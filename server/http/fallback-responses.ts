import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AppError } from '../errors/app-error';
import { errorResult } from './error-response';
import { apiSecurityHeaders, baseSecurityHeaders } from './security-headers';

/**
 * The answers bin/kassa.ts writes itself, outside the route table, the checkout page and Next, with
 * the headers ADR 021 puts on every response: the floor for every page path, the /v1 set (no-store,
 * nosniff, no Referer, `default-src 'none'`, HSTS on https) for what Kassa says in its own words.
 */

/** The merchant API: `/v1` and below. */
export const isApiPath = (url: string): boolean => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

const setAll = (res: ServerResponse, headers: Readonly<Record<string, string>>) => {
  for (const name in headers) res.setHeader(name, headers[name]!);
};

/** Before any other handler writes: nosniff, a Referrer-Policy and HSTS on https, whoever answers. */
export const setSecurityFloor = (res: ServerResponse, publicOrigin: string): void =>
  setAll(res, baseSecurityHeaders(publicOrigin));

/** For /healthz, /readyz and /metrics (their handler sets only what it is about): the /v1 set. */
export const setOpsHeaders = (res: ServerResponse, publicOrigin: string): void =>
  setAll(res, apiSecurityHeaders(publicOrigin));

const answer = (res: ServerResponse, status: number, headers: Record<string, string>, type: string, text: string) => {
  res
    .writeHead(status, { ...headers, 'content-type': type, 'content-length': String(Buffer.byteLength(text)) })
    .end(text);
};

/** An HTTP/1.1 request without Host (RFC 9112 §3.2: answered 400). */
export const lacksHost = (req: IncomingMessage): boolean =>
  req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;

/** A refusal of the request itself (before any route): the error shape, and the connection is closed after it. */
export const answerError = (res: ServerResponse, publicOrigin: string, refusal: AppError): void => {
  const { status, body, headers } = errorResult(refusal, () => undefined);
  res.shouldKeepAlive = false;
  answer(
    res,
    status,
    { ...apiSecurityHeaders(publicOrigin), ...headers },
    'application/json; charset=utf-8',
    JSON.stringify(body),
  );
};

/** A page path nothing serves (Next is off: KASSA_API_ONLY=1). */
export const answerNotFound = (res: ServerResponse, publicOrigin: string): void =>
  answer(res, 404, apiSecurityHeaders(publicOrigin), 'text/plain; charset=utf-8', 'Not found\n');

/**
 * The last resort when a handler threw (the caller logs it): on /v1 the error shape with the
 * status of the one mapping (`errorResult`: 500 INTERNAL, "Something went wrong"; 503 with
 * Retry-After when the database is unreachable), elsewhere a plain page; never anything internal.
 * Headers the handler had set are dropped; a response already under way is cut off.
 */
export const answerUnexpectedError = (
  req: IncomingMessage,
  res: ServerResponse,
  publicOrigin: string,
  err: unknown,
): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const { status, body, headers } = errorResult(err, () => undefined);
  const secure = { ...apiSecurityHeaders(publicOrigin), ...headers };
  if (isApiPath(req.url ?? '/')) answer(res, status, secure, 'application/json; charset=utf-8', JSON.stringify(body));
  else
    answer(
      res,
      status,
      secure,
      'text/plain; charset=utf-8',
      `${status === 500 ? 'Something went wrong' : STATUS_CODES[status]}\n`,
    );
};
