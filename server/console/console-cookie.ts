import { createHmac } from 'node:crypto';
import type { AppContext } from '../app-context';
import { sealCheckoutData, unsealCheckoutData } from '../http/checkout-seal';
import { SESSION_MAX_HOURS } from './console-session';

/**
 * The console's cookie (ADR 033): iron-session's sealed format (ADR 027) holding only the session's secret,
 * under its own key derived from the checkout cookie password (no other sealed cookie opens as a console
 * session). HttpOnly, SameSite=Strict, Path=/, Secure when the public origin is https.
 */
export const CONSOLE_COOKIE = 'kassa_console';
const TTL_SECONDS = SESSION_MAX_HOURS * 3600;

interface ConsoleSeal {
  kind: 'console';
  sid: string;
}

const password = (ctx: Pick<AppContext, 'cookiePassword'>): string =>
  createHmac('sha256', ctx.cookiePassword).update('kassa console session').digest('base64url');

export const sealConsoleSession = (ctx: Pick<AppContext, 'cookiePassword'>, secret: string): Promise<string> =>
  sealCheckoutData({ kind: 'console', sid: secret } satisfies ConsoleSeal, password(ctx), TTL_SECONDS);

/** The session secret a sealed cookie holds; undefined for a forged, expired or foreign one. */
export const consoleSecretFrom = async (
  ctx: Pick<AppContext, 'cookiePassword'>,
  sealed: string | undefined,
): Promise<string | undefined> => {
  if (!sealed) return undefined;
  const seal = await unsealCheckoutData<ConsoleSeal>(sealed, password(ctx), TTL_SECONDS);
  return seal.kind === 'console' && typeof seal.sid === 'string' && seal.sid.length > 0 ? seal.sid : undefined;
};

/** The Set-Cookie value; an empty value signs the browser out (Max-Age=0). */
export const consoleCookie = (value: string, baseUrl: string): string =>
  [
    `${CONSOLE_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    value ? `Max-Age=${TTL_SECONDS}` : 'Max-Age=0',
    ...(baseUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/**
 * The account this browser last signed in to (ADR 043): the sign-in form starts with it. Not a secret (an
 * account id is in every API path), but HttpOnly and SameSite=Strict like the session; a year, on /console.
 */
export const CONSOLE_ACCOUNT_COOKIE = 'kassa_console_account';
export const consoleAccountCookie = (accountId: string, baseUrl: string): string =>
  [
    `${CONSOLE_ACCOUNT_COOKIE}=${encodeURIComponent(accountId)}`,
    'Path=/console',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${365 * 86_400}`,
    ...(baseUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** One cookie's value from a `Cookie` header. */
export const cookieFrom = (header: string | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};
