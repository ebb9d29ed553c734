import { z } from 'zod';
import type { RouteDef } from './route';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './with-idempotency';

/** ADR 006: every idempotent route takes the header, checked with the pattern the document states. */
const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    // the pattern checks the length too (one error for a wrong key); the document states it as well
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Expected 1 to 255 printable ASCII characters')
    .meta({ minLength: 1, maxLength: 255 })
    .optional()
    .describe(
      'Optional, 1-255 printable ASCII characters, scoped to your account. Repeating a request with the same key and body within 24 hours returns the first response (same ids) with header `idempotent-replayed: true` instead of running it again; the same key with a different request is 409 `IDEMPOTENCY_KEY_REUSED`, and while the first request is still running 409 `IDEMPOTENCY_KEY_IN_PROGRESS`. 5xx and other 409 answers are not stored, so a retry with the key runs again.',
    ),
});

const cache = new WeakMap<RouteDef, z.ZodObject | undefined>();

/**
 * The request headers a route takes: its own `headers` schema, with `Idempotency-Key` on idempotent routes. The
 * dispatcher parses the request's headers with it and the OpenAPI document states it, so a header parameter of the
 * document carries exactly the pattern the server refuses a value with (issue 37 item 20).
 */
export const routeHeaders = (route: RouteDef): z.ZodObject | undefined => {
  if (cache.has(route)) return cache.get(route);
  const own = route.headers as z.ZodObject | undefined;
  const all = route.idempotent ? (own ? own.extend(IdempotencyHeaders.shape) : IdempotencyHeaders) : own;
  cache.set(route, all);
  return all;
};

/** OpenAPI 3.1 §4.8.12: a header parameter named Accept, Content-Type or Authorization is ignored (the security schemes state Authorization). */
const NOT_PARAMETERS = { accept: true, 'content-type': true, authorization: true } as const;

/** The header parameters the document states for a route. */
export const documentedHeaders = (route: RouteDef): z.ZodObject | undefined => {
  const all = routeHeaders(route);
  if (!all) return undefined;
  const stated = Object.keys(NOT_PARAMETERS).filter((name) => name in all.shape);
  if (!stated.length) return all;
  const rest = all.omit(Object.fromEntries(stated.map((n) => [n, true])) as never);
  return Object.keys(rest.shape).length ? rest : undefined;
};
