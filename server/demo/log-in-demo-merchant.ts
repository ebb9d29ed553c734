import type { AppContext } from '../app-context';
import { reserveSignInAttempt } from '../auth/sign-in-limits';
import { goodAddressKey, REMEMBER_SUCCESS_MS } from '../auth/token-attempt-limits';
import { verifyClientSecret } from '../auth/verify-client-secret';
import { AppError } from '../errors/app-error';
import { sealDemoLogin } from './demo-merchant-cookie';

const REFUSAL = 'Too many wrong logins for this client';

/**
 * The demo back office's login form: the demo merchant's client id and secret (the ones `npm start`
 * printed), checked like the token endpoint checks them (verify-client-secret.ts), and limited like it
 * (issue 37 item 6): wrong secrets a minute per (client, address) (KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS),
 * per address (KASSA_TOKEN_FAILURES_PER_ADDRESS) and per client from every address (KASSA_TOKEN_RATE_PER_CLIENT),
 * counted in the database (sign-in-limits.ts); an address that got a token or logged in for the client
 * within a day passes that ceiling. Answers the sealed login cookie's value; the secret is not kept.
 */
export const logInDemoMerchant = async (
  ctx: AppContext,
  accountId: string,
  clientId: string,
  secret: string,
  address: string,
): Promise<string> => {
  const { env } = ctx;
  const client = `demo:${accountId}/${clientId}`;
  const attempt = await reserveSignInAttempt(ctx.database, {
    own: [
      { key: `${client}/${address}`, limit: env.KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS, refusal: REFUSAL },
      { key: `demo-address:${address}`, limit: env.KASSA_TOKEN_FAILURES_PER_ADDRESS, refusal: REFUSAL },
    ],
    ceiling: { key: client, limit: env.KASSA_TOKEN_RATE_PER_CLIENT, refusal: REFUSAL },
    goodKey: goodAddressKey({ accountId, clientId, address }),
    windowMs: 60_000,
    rememberMs: REMEMBER_SUCCESS_MS,
  });
  const found = await verifyClientSecret(ctx.database.db, accountId, clientId, secret).catch(async (err: unknown) => {
    await attempt.notCounted();
    throw err;
  });
  if (!found) throw new AppError('UNAUTHORIZED', 'Wrong client id or secret');
  await attempt.succeeded();
  return sealDemoLogin(ctx, accountId, found.client_id, found.secret_hash);
};
