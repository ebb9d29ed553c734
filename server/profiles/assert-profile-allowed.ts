import type { AppContext } from '../app-context';
import { assertCallbackUrlAllowed } from '../callbacks/callback-url-policy';
import { resolvePaymentMethods } from '../sessions/payment-methods';
import type { ProfileInput } from './profile-schemas';

/**
 * What a profile must pass when it is saved (created or replaced): its payment configuration
 * resolves, and its callback URL passes the callback URL policy, so a bad URL is a 400 now rather
 * than a session created from the profile failing later.
 */
export const assertProfileAllowed = (ctx: AppContext, accountId: string, input: ProfileInput): void => {
  resolvePaymentMethods(ctx.providers, accountId, input.configuration);
  if (input.url?.callback_url) assertCallbackUrlAllowed(ctx, accountId, input.url.callback_url);
};
