import type { Selectable } from 'kysely';
import type { Executor } from '../db/database';
import type { SessionProfilesTable } from '../db/schema';
import { AppError } from '../errors/app-error';
import { parseJson } from '../shared/json-columns';
import type { ProfileInput, ProfileView } from './profile-schemas';

export type ProfileRow = Selectable<SessionProfilesTable>;

export const loadProfile = async (exec: Executor, accountId: string, profileId: string): Promise<ProfileRow> => {
  const row = await exec
    .selectFrom('session_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  if (!row) throw new AppError('PROFILE_NOT_FOUND', `Session profile ${profileId} was not found`);
  return row;
};

/** The profile mapper: `data` (written by `profileData` from a validated ProfileBody) parsed once. */
export const readProfile = (row: ProfileRow): ProfileView => ({
  ...parseJson<Omit<ProfileInput, 'profile_id' | 'description'>>(row.data),
  profile_id: row.profile_id,
  description: row.description,
  created_at: row.created_at,
  created_by: row.created_by,
  updated_at: row.updated_at,
});

export const profileData = (input: ProfileInput): string => {
  const { profile_id: _id, description: _d, ...data } = input;
  return JSON.stringify(data);
};
