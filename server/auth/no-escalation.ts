import { AppError } from '../errors/app-error';
import type { Actor } from './scopes';

/**
 * THE rule of ADR 042: an actor never obtains or takes away, by creating, rotating, granting, changing or deleting,
 * a credential (client, client grant, API key) or a console user with a scope the actor does not hold itself.
 *
 * "Holds" is literal, with one hierarchy: `admin:<svc>` holds every scope of its service (`read:<svc>`,
 * `write:<svc>`, `write:<svc>:/path`...), as the route table gives it every operation those give (the spec:
 * "admin:checkout satisfies every checkout operation"; test/unit/no-escalation.test.ts proves it against the
 * table). Nothing else implies anything: `write:accounts` does not hold `write:accounts:/auth/clients` (ADR 034),
 * `write:checkout` does not hold `read:checkout`. There are no wildcards; an unknown scope is held only literally.
 */
const serviceOf = (scope: string): string | undefined => scope.split(':')[1];

export const holdsScope = (held: readonly string[], wanted: string): boolean =>
  held.includes(wanted) ||
  held.some((h) => h.split(':').length === 2 && h.startsWith('admin:') && serviceOf(h) === serviceOf(wanted));

/** The scopes of `wanted` the actor does not hold (empty: the credential is within the actor's own). */
export const scopesNotHeld = (actor: Pick<Actor, 'scopes'>, wanted: Iterable<string>): string[] =>
  [...new Set(wanted)].filter((s) => !holdsScope(actor.scopes, s));

/**
 * Refuses (403 SCOPE_NOT_HELD, naming the scopes) when `what` (a credential or user the actor is about to create,
 * rotate, grant, change or delete) has a scope the actor does not hold.
 */
export const assertHoldsEvery = (actor: Pick<Actor, 'scopes'>, wanted: Iterable<string>, what: string): void => {
  const missing = scopesNotHeld(actor, wanted);
  if (missing.length > 0)
    throw new AppError(
      'SCOPE_NOT_HELD',
      `${what} has scopes you do not hold (${missing.join(', ')}): only a caller holding every scope of a credential or user may create, rotate, grant, change or delete it`,
      { errors: missing.map((s) => ({ message: `${s} is not held by the caller`, code: 'scope_not_held' })) },
    );
};
