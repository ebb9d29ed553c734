import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import { insertSession, validateSessionDraft, type SessionDraft } from './insert-session';
import { loadSession, readSession } from './session-repository';
import type { SessionView } from './session-schemas';

export interface CreatedSession {
  id: string;
  url: string;
  session?: SessionView;
}

export const checkoutUrlFor = (baseUrl: string, sessionId: string): string => `${baseUrl}/v1/view/${sessionId}`;

/** Creates a session; with includeSession the response also carries the whole session. */
export const createSession = async (
  ctx: AppContext,
  actor: Actor,
  draft: SessionDraft,
  meta: RequestMeta,
  opts: { includeSession?: boolean } = {},
): Promise<CreatedSession> => {
  await validateSessionDraft(ctx, actor, draft, meta);
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertSession(ctx, trx, actor, draft, meta)),
  );
  const created: CreatedSession = { id, url: checkoutUrlFor(meta.baseUrl, id) };
  if (!opts.includeSession) return created;
  const row = await loadSession(ctx.database.db, ctx.database, id);
  return { ...created, session: await readSession(ctx.database.db, row) };
};
