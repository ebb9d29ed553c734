import type { AppContext } from '../app-context';
import { createRateLimiter } from '../auth/rate-limiter';
import { verifyClientSecret } from '../auth/verify-client-secret';
import { AppError } from '../errors/app-error';
import { sealDemoLogin } from './demo-merchant-cookie';

/**
 * The demo back office's login form: the demo merchant's client id and secret (the ones `npm start`
 * printed), checked like the token endpoint checks them (one hash and constant-time compare), at most
 * 10 wrong tries a minute per client id in this process (a slot is reserved before the compare and
 * given back when the secret was right). Answers the sealed login cookie's value; the secret is not kept.
 */
const failures = createRateLimiter(10);

export const logInDemoMerchant = async (
  ctx: AppContext,
  accountId: string,
  clientId: string,
  secret: string,
): Promise<string> => {
  const wait = failures.take(clientId);
  if (wait !== undefined)
    throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong logins for this client', {
      headers: { 'retry-after': String(wait) },
    });
  const client = await verifyClientSecret(ctx.database.db, accountId, clientId, secret);
  if (!client) throw new AppError('UNAUTHORIZED', 'Wrong client id or secret');
  failures.giveBack(clientId);
  return sealDemoLogin(ctx, accountId, client.client_id, client.secret_hash);
};
