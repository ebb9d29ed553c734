import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadProfile, readProfile } from './profile-repository';
import type { ProfileView } from './profile-schemas';
import { afterCursor, unknownCursor } from '../shared/paging';

/** Oldest first, paged with `starting_after` = the last profile_id of the previous page. */
export const listProfiles = async (
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; starting_after?: string },
): Promise<ProfileView[]> => {
  let q = ctx.database.db.selectFrom('session_profiles').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after) {
    const after = await ctx.database.db
      .selectFrom('session_profiles')
      .select(['created_at', 'id'])
      .where('account_id', '=', actor.accountId)
      .where('profile_id', '=', query.starting_after)
      .executeTakeFirst();
    if (!after) throw unknownCursor('session profile');
    q = q.where(afterCursor(after, after.id));
  }
  const rows = await q.orderBy('created_at').orderBy('id').limit(query.limit).execute();
  return rows.map(readProfile);
};

export const getProfile = async (ctx: AppContext, actor: Actor, profileId: string): Promise<ProfileView> =>
  readProfile(await loadProfile(ctx.database.db, actor.accountId, profileId));
