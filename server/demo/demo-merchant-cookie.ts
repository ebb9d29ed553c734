import { createHash, createHmac } from 'node:crypto';
import type { AppContext } from '../app-context';
import { sealCheckoutData, unsealCheckoutData } from '../http/checkout-seal';

/**
 * The demo merchant's back-office login (ADR 029): a sealed, httpOnly, SameSite=Strict cookie naming
 * the account and client, and a fingerprint of the client's stored secret hash, so replacing the
 * secret logs every browser out. The browser never holds an API credential.
 */
export const DEMO_LOGIN_COOKIE = 'kassa_demo_merchant';
export const DEMO_LOGIN_TTL_SECONDS = 8 * 3600;

interface DemoLogin {
  kind: 'demo-merchant';
  account_id: string;
  client_id: string;
  key: string;
}

/** Its own key, derived from the checkout cookie password: no other sealed cookie opens as a login. */
const password = (ctx: AppContext): string =>
  createHmac('sha256', ctx.cookiePassword).update('kassa demo merchant login').digest('base64url');
const fingerprint = (secretHash: string): string =>
  createHash('sha256').update(secretHash).digest('base64url').slice(0, 22);

export const sealDemoLogin = (
  ctx: AppContext,
  accountId: string,
  clientId: string,
  secretHash: string,
): Promise<string> =>
  sealCheckoutData(
    {
      kind: 'demo-merchant',
      account_id: accountId,
      client_id: clientId,
      key: fingerprint(secretHash),
    } satisfies DemoLogin,
    password(ctx),
    DEMO_LOGIN_TTL_SECONDS,
  );

/** The logged-in client id, when `sealed` is a live login for `accountId` whose client still has the same secret. */
export const demoLoginFrom = async (
  ctx: AppContext,
  accountId: string,
  sealed: string | undefined,
): Promise<string | undefined> => {
  if (!sealed) return undefined;
  const login = await unsealCheckoutData<DemoLogin>(sealed, password(ctx), DEMO_LOGIN_TTL_SECONDS);
  if (login.kind !== 'demo-merchant' || login.account_id !== accountId || typeof login.client_id !== 'string')
    return undefined;
  const client = await ctx.database.db
    .selectFrom('api_clients')
    .select(['account_id', 'secret_hash'])
    .where('client_id', '=', login.client_id)
    .executeTakeFirst();
  return client && client.account_id === accountId && fingerprint(client.secret_hash) === login.key
    ? login.client_id
    : undefined;
};

/** The Set-Cookie value: path /demo, httpOnly, SameSite=Strict, Secure on https; an empty value logs out. */
export const demoLoginCookie = (value: string, baseUrl: string): string =>
  [
    `${DEMO_LOGIN_COOKIE}=${value}`,
    'Path=/demo',
    'HttpOnly',
    'SameSite=Strict',
    value ? `Max-Age=${DEMO_LOGIN_TTL_SECONDS}` : 'Max-Age=0',
    ...(baseUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
