import { ALL_SCOPES } from '../auth/scopes';
import type { ConsoleRole } from './console-user-schemas';

/**
 * What a console role gives (ADR 033, ADR 042): `admin` every scope; `read-only` the `read:*` ones and never a
 * write, whatever a `read:` scope would let a token do (a `read:checkout` token may update a session's order under
 * the spec's scope table; a read-only console user may not). Making or deleting a user of a role needs every
 * scope the role gives (server/auth/no-escalation.ts).
 */
export const ROLE_SCOPES: Record<ConsoleRole, readonly string[]> = {
  admin: ALL_SCOPES,
  'read-only': ALL_SCOPES.filter((s) => s.startsWith('read:')),
};

export const ROLE_WRITES: Record<ConsoleRole, boolean> = { admin: true, 'read-only': false };
