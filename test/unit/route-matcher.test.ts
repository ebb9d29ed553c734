import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeMatcher, type RouteMatch } from '../../server/http/dispatch';
import { ROUTES } from '../../server/http/route-table';

/**
 * The dispatcher tries a request only against the routes indexed under its first path segment.
 * This checks it against an independent reading of the table, segment by segment: of the templates that
 * match the path, the most specific (a literal where another has a parameter) counts; in it the first route
 * in table order whose method matches wins; a path that it matches with another method is 405 (with the
 * methods that would match, for a CORS preflight), else 404; one trailing slash is allowed.
 */
const reference = (
  method: string,
  path: string,
): { operationId: string; params: string[] } | { allowed: string[] } | 'ROUTE_NOT_FOUND' => {
  const parts = (path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path).split('/');
  const matching = ROUTES.flatMap((route) => {
    const template = route.path.split('/');
    if (template.length !== parts.length) return [];
    const params: string[] = [];
    const same = template.every((t, i) => {
      if (!t.startsWith('{')) return t === parts[i];
      params.push(parts[i]!);
      return parts[i] !== '';
    });
    return same ? [{ route, params, literals: template.map((t) => !t.startsWith('{')) }] : [];
  });
  // the most specific template: the one with a literal where the others have a parameter, segment by segment
  let best = matching;
  for (let i = 0; i < parts.length && best.length; i++)
    if (best.some((m) => m.literals[i])) best = best.filter((m) => m.literals[i]);
  const hit = best.find((m) => m.route.method === method);
  if (hit) return { operationId: hit.route.operationId, params: hit.params };
  return best.length ? { allowed: best.map((m) => m.route.method) } : 'ROUTE_NOT_FOUND';
};

const simplify = (m: RouteMatch) =>
  typeof m === 'string' || 'allowed' in m ? m : { operationId: m.route.operationId, params: m.values };

const match = routeMatcher(ROUTES);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const LITERALS = [...new Set(ROUTES.flatMap((r) => r.path.split('/')).filter((s) => s && !s.startsWith('{')))];

describe('route matching through the index', () => {
  it('finds, for every route of the table and every method, what a scan of the whole table finds', () => {
    for (const route of ROUTES) {
      const concrete = route.path.replace(/\{\w+\}/g, (_, i: number) => `p${i}`);
      for (const path of [concrete, `${concrete}/`])
        for (const method of METHODS)
          expect(simplify(match(method, path)), `${method} ${path}`).toEqual(reference(method, path));
    }
  });

  it('agrees with the scan on arbitrary paths built from the table’s own segments', () => {
    const segment = fc.oneof(
      fc.constantFrom(...LITERALS, 'v1', '', 'T12345678.abc'),
      fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.array(segment, { minLength: 0, maxLength: 7 }),
        fc.boolean(),
        (method, segs, v1) => {
          const path = `/${[...(v1 ? ['v1'] : []), ...segs].join('/')}`;
          expect(simplify(match(method, path))).toEqual(reference(method, path));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
