import type { Database } from '../db/database';
import { inTransaction } from '../db/tx';
import { endUserSessions } from './console-session';

/** Gives a console user a new password (its hash) and ends every session it had: each browser signs in again. */
export const setConsolePassword = (database: Database, userId: string, passwordHash: string): Promise<void> =>
  inTransaction(database, async (trx) => {
    const now = new Date().toISOString();
    await trx.updateTable('console_users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await endUserSessions(trx, userId, now);
  });
