import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/app-error';
import { MAX_BODY_BYTES } from './node-adapter';

/**
 * What bin/kassa.ts refuses before it routes a request (issue 37 item 7, ADR 044).
 *
 * A path that is not canonical: `/./v1/…`, `/x/../v1/…` and their percent-encoded forms (`%2e`) did
 * not start with `/v1`, so they missed the API's body limit, and Next resolved them to its own `/v1`
 * route handler, which read the whole body before comparing it with 1 MiB (256 MB sent: 872 MB
 * resident). The demo's pages rendered the same way with the demo off (`/./demo/orders`). Rather than
 * resolve such a path here and hope every router after us resolves it alike, it is refused: no
 * browser or HTTP client sends one (they resolve dot segments before sending, and turn `\` into `/`),
 * so only a probe does. Refused, for every path: a segment `.` or `..` however its dots are encoded,
 * an empty segment (`//`), a backslash. Percent-encoded `/` and `\` (`%2f`, `%5c`) are data inside a
 * segment and pass.
 */
export const nonCanonicalPath = (target: string): string | undefined => {
  const end = target.search(/[?#]/);
  const path = end < 0 ? target : target.slice(0, end);
  if (!path.startsWith('/')) return undefined; // `*` (OPTIONS) and the like: for the handlers to refuse
  if (path.includes('\\')) return 'a backslash';
  if (path.includes('//')) return 'an empty segment (//)';
  for (const segment of path.split('/')) {
    const dots = segment.replace(/%2e/gi, '.');
    if (dots === '.' || dots === '..') return 'a dot segment (. or ..)';
  }
  return undefined;
};

/** The refusal of a non-canonical path, or undefined. */
export const pathRefusal = (target: string): AppError | undefined => {
  const found = nonCanonicalPath(target);
  return found
    ? new AppError('INVALID_REQUEST', `The request path has ${found}; send it in its canonical form`)
    : undefined;
};

/**
 * Outside /v1 (which reads at most 1 MiB itself, node-adapter.ts) a body goes to the checkout handler
 * or to Next, whose handlers may read it whole. So a body there needs a Content-Length of at most the
 * same 1 MiB, which node's parser then holds the body to: a larger one is 413 before anything reads
 * it, and one without a length (chunked) is 411. Browsers send a length with every form and fetch body.
 */
export const pageBodyRefusal = (req: IncomingMessage): AppError | undefined => {
  if (req.headers['transfer-encoding'] !== undefined)
    return new AppError('LENGTH_REQUIRED', 'A request body outside /v1 needs a Content-Length');
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > MAX_BODY_BYTES) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB');
  return undefined;
};
