/*
 * Kysely table types of the console's users and their sessions (issue 26, migration 0026;
 * ADR 033); server/db/schema.ts's DB extends `ConsoleTables`.
 */

/** What a console user may do: `admin` every scope, `read-only` the `read:*` scopes only. */
export type ConsoleRoleColumn = 'admin' | 'read-only';

/** An account's user of the console: signs in with e-mail and password (scrypt hash, server/console/password-hash.ts). */
export interface ConsoleUsersTable {
  id: string;
  account_id: string;
  /** Lower-case; unique within its account among users not deleted (migration 0034, ADR 043). */
  email: string;
  role: ConsoleRoleColumn;
  /** `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url): the parameters travel with the hash. */
  password_hash: string;
  created_at: string;
  created_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

/** A signed-in browser: the cookie holds a secret whose SHA-256 is `id`; ended by sign-out, deletion or a new password. */
export interface ConsoleSessionsTable {
  id: string;
  user_id: string;
  account_id: string;
  /** The value a write must send as `x-kassa-csrf`; the signed-in layout hands it to the page. */
  csrf_token: string;
  created_at: string;
  /** Refreshed at most once a minute; older than KASSA_CONSOLE_IDLE_MINUTES: the session is over. */
  last_seen_at: string;
  ended_at: string | null;
}

export interface ConsoleTables {
  console_users: ConsoleUsersTable;
  console_sessions: ConsoleSessionsTable;
}
