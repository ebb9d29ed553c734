import type { Updateable } from 'kysely';
import type { Executor } from '../db/database';
import { updateRows } from '../db/compiled-once';
import { expectChanged } from '../db/expect-updated';
import type { SessionsTable } from '../db/schema';
import { nowIso } from '../shared/clock';

export type SessionChanges = Omit<Updateable<SessionsTable>, 'id' | 'version' | 'updated_at'>;

/**
 * THE versioned write of a session: applies `changes` only if the row still has the version that
 * was read (`session.version`), bumps the version and `updated_at`; no row changed is 409 CONFLICT
 * (expectUpdated) and the caller's transaction rolls back.
 */
export const saveSessionChanges = async (
  trx: Executor,
  session: { id: string; version: number },
  changes: SessionChanges,
  now = nowIso(),
): Promise<void> => {
  expectChanged(
    await updateRows(
      trx,
      'sessions',
      { ...changes, updated_at: now, version: session.version + 1 },
      { id: session.id, version: session.version },
    ),
    'The session',
  );
};
