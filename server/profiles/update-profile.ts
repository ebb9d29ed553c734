import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { assertProfileAllowed } from './assert-profile-allowed';
import { loadProfile, profileData, readProfile } from './profile-repository';
import type { ProfileInput, ProfileView } from './profile-schemas';

/** Replaces the profile's content; its profile_id cannot change. */
export const updateProfile = async (
  ctx: AppContext,
  actor: Actor,
  profileId: string,
  input: ProfileInput,
): Promise<ProfileView> => {
  if (input.profile_id !== undefined && input.profile_id !== profileId) {
    throw new AppError('INVALID_REQUEST', 'profile_id in the body must match the path', {
      errors: [{ path: 'profile_id', message: 'must match the path' }],
    });
  }
  assertProfileAllowed(ctx, actor.accountId, input);
  const row = await loadProfile(ctx.database.db, actor.accountId, profileId);
  await ctx.database.db
    .updateTable('session_profiles')
    .set({ description: input.description, data: profileData(input), updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  return readProfile(await loadProfile(ctx.database.db, actor.accountId, profileId));
};
