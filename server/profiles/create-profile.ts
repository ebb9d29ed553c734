import type { AppContext, RequestMeta } from '../app-context';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { randomBase58, uuid } from '../shared/ids';
import { assertProfileAllowed } from './assert-profile-allowed';
import { loadProfile, profileData, readProfile } from './profile-repository';
import type { ProfileInput, ProfileView } from './profile-schemas';

export const createProfile = async (
  ctx: AppContext,
  actor: Actor,
  input: ProfileInput,
  meta: RequestMeta,
): Promise<ProfileView> => {
  assertProfileAllowed(ctx, actor.accountId, input);
  const { id: profileId } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertProfile(trx, actor, input)),
  );
  return readProfile(await loadProfile(ctx.database.db, actor.accountId, profileId));
};

const insertProfile = async (trx: Executor, actor: Actor, input: ProfileInput): Promise<string> => {
  const now = nowIso();
  const profileId = input.profile_id ?? `profile-${randomBase58(12)}`;
  const inserted = await trx
    .insertInto('session_profiles')
    .values({
      id: uuid(),
      account_id: actor.accountId,
      profile_id: profileId,
      description: input.description,
      data: profileData(input),
      created_at: now,
      created_by: actor.subject,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'profile_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new AppError('PROFILE_ALREADY_EXISTS', `A session profile with profile_id ${profileId} already exists`, {
      errors: [{ path: 'profile_id', message: 'already exists' }],
    });
  }
  return profileId;
};
