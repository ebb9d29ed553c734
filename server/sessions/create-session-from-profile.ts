import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { loadProfile, readProfile } from '../profiles/profile-repository';
import { createSession, type CreatedSession } from './create-session';
import type { CreateSessionFromProfileInput } from './session-schemas';

/** A session whose configuration (and URL defaults) come from a saved profile; the request may override either. */
export const createSessionFromProfile = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateSessionFromProfileInput,
  meta: RequestMeta,
  opts: { includeSession?: boolean } = {},
): Promise<CreatedSession> => {
  const profile = readProfile(await loadProfile(ctx.database.db, actor.accountId, input.profile_id));
  const url = { ...profile.url, ...input.url };
  if (!url.return_url) {
    throw new AppError('INVALID_REQUEST', 'url.return_url is required (neither the request nor the profile has one)', {
      errors: [{ path: 'url.return_url', message: 'required' }],
    });
  }
  const { profile_id: profileId, configuration: override, ...rest } = input;
  // A `configuration` in the request overrides the profile's, key by key (as the public API allows);
  // the profile's merchant name and logo brand the checkout page unless the request names its own.
  const merchant =
    profile.merchant?.logo_url?.startsWith('http') || profile.merchant?.name
      ? {
          merchant: {
            name: profile.merchant.name,
            ...(profile.merchant.logo_url?.startsWith('http') ? { logo_url: profile.merchant.logo_url } : {}),
          },
        }
      : {};
  return createSession(
    ctx,
    actor,
    { ...rest, url, configuration: { ...merchant, ...profile.configuration, ...override }, profileId },
    meta,
    opts,
  );
};
