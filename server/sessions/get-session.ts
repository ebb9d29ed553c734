import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadSession, readSession } from './session-repository';
import type { SessionView } from './session-schemas';

export const getSession = async (ctx: AppContext, actor: Actor, sessionId: string, includes: readonly string[] = []): Promise<SessionView> => {
  const row = await loadSession(ctx.database.db, ctx.database, sessionId, { accountId: actor.accountId });
  return readSession(ctx.database.db, row, includes);
};
