import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { loadProfile, readProfile } from './profile-repository';
import type { ProfileView } from './profile-schemas';

/** Deletes the profile and returns it as it was, stamped with who deleted it. Sessions made from it keep their data. */
export const deleteProfile = async (ctx: AppContext, actor: Actor, profileId: string): Promise<ProfileView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadProfile(trx, actor.accountId, profileId);
    await trx.deleteFrom('session_profiles').where('id', '=', row.id).execute();
    return { ...readProfile(row), deleted_at: nowIso(), deleted_by: actor.subject };
  });
