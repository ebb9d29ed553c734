import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { readSessionJson } from './session-view-json';

/** The merchant's view of one of its sessions, as JSON text (session-view-json.ts). */
export const getSession = (
  ctx: AppContext,
  actor: Actor,
  sessionId: string,
  includes: readonly string[] = [],
): Promise<string> => readSessionJson(ctx.database.db, sessionId, actor.accountId, includes);
