import type { Kassa } from '../create-kassa';
import { consoleActor, fromOwnOrigin } from '../console/console-actor';
import { CONSOLE_ACCOUNT_COOKIE, CONSOLE_COOKIE, consoleSecretFrom, cookieFrom } from '../console/console-cookie';
import { resolveConsoleSession } from '../console/console-session';
import type { ConsoleRole } from '../console/console-user-schemas';
import { PEER_ADDRESS_HEADER } from '../console/request-facts';
import { clientAddress } from '../http/client-address';
import { errorResult } from '../http/error-response';
import { getKassa } from '../http/kassa-singleton';
import { publicOriginFor } from '../http/public-origin';

/** The console's page facade (ADR 017, ADR 033): what its layout and its route handlers ask of this process's Kassa. */
export { CONSOLE_COOKIE } from '../console/console-cookie';
export { CSRF_HEADER } from '../console/console-actor';

export interface ConsoleViewer {
  email: string;
  role: ConsoleRole;
  accountId: string;
  /** For the page's writes (header x-kassa-csrf); never in a cookie the page could read. */
  csrfToken: string;
}

/** The signed-in user of the console cookie's value, or undefined: the layout then sends the browser to sign in. */
export const consoleViewer = async (cookieValue: string | undefined): Promise<ConsoleViewer | undefined> => {
  const { ctx } = await getKassa();
  const secret = await consoleSecretFrom(ctx, cookieValue);
  const session = secret === undefined ? undefined : await resolveConsoleSession(ctx, secret);
  return (
    session && { email: session.email, role: session.role, accountId: session.accountId, csrfToken: session.csrfToken }
  );
};

const ACCOUNT_TEXT = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * The account the sign-in form starts with (ADR 043): `asked` (`?account=`), else the one this browser last
 * signed in to, else the startup merchant's; only plain id text, never markup.
 */
export const consoleSignInAccount = async (
  asked: string | undefined,
  jar: { get(name: string): { value: string } | undefined },
): Promise<string> => {
  const remembered = jar.get(CONSOLE_ACCOUNT_COOKIE)?.value;
  for (const candidate of [asked, remembered && remembered.replace(/%2D/gi, '-')])
    if (candidate && ACCOUNT_TEXT.test(candidate)) return candidate;
  return (await getKassa()).merchant.accountId;
};

const CONSOLE_PATH = /^\/console(?:[/?#]|$)/;
/** A return path the sign-in page may send the browser to: a /console path of this site, else /console. */
export const consoleReturnPath = (next: string | null | undefined): string => {
  if (!next || !CONSOLE_PATH.test(next) || /[\\\s]/.test(next) || next.includes('//')) return '/console';
  try {
    const url = new URL(next, 'http://console.invalid');
    url.searchParams.delete('_rsc');
    const path = `${url.pathname}${url.search}`;
    // after the URL's own normalisation (`/console/../demo` is `/demo`), still a console path of this site
    return url.origin === 'http://console.invalid' && CONSOLE_PATH.test(path) && !path.includes('//')
      ? path
      : '/console';
  } catch {
    return '/console';
  }
};

/** The sign-in URL that brings the browser back to the console path this request asked for. */
export const signInUrlFor = (requestPath: string | null): string =>
  `/console/sign-in?next=${encodeURIComponent(consoleReturnPath(requestPath))}`;
export { REQUEST_PATH_HEADER } from '../console/request-facts';

export interface ConsoleRequest {
  kassa: Kassa;
  baseUrl: string;
  headers: Record<string, string>;
  /** Who sent it (the peer bin/kassa.ts told, or behind a trusted proxy X-Forwarded-For). */
  address: string;
  /** The console cookie's session secret, when it holds one. */
  secret: string | undefined;
  /** Origin (else Referer) is the public origin. */
  fromOwnOrigin: boolean;
}

/** What a console route handler (app/console/api/*) needs of its request. */
export const consoleRequest = async (request: Request): Promise<ConsoleRequest> => {
  const kassa = await getKassa();
  const headers = Object.fromEntries(request.headers.entries());
  const baseUrl = publicOriginFor(kassa.ctx.env)(headers);
  const remoteAddress = headers[PEER_ADDRESS_HEADER] || undefined;
  const address = clientAddress(
    { requestId: '', baseUrl, headers, ...(remoteAddress ? { remoteAddress } : {}) },
    kassa.ctx.env.KASSA_TRUST_PROXY,
  );
  const secret = await consoleSecretFrom(kassa.ctx, cookieFrom(headers.cookie, CONSOLE_COOKIE));
  return { kassa, baseUrl, headers, address, secret, fromOwnOrigin: fromOwnOrigin(headers, baseUrl) };
};

/** A console write's checks (session, own origin, CSRF token), as /v1 makes them: throws 401 or 403 CSRF_REFUSED. */
export const checkConsoleWrite = async (c: ConsoleRequest): Promise<void> => {
  await consoleActor(c.kassa.ctx, { method: 'POST', headers: c.headers, baseUrl: c.baseUrl });
};

/** A refusal of the console's route handlers in the /v1 error shape (`error.code`, `error.message`), with its headers. */
export const consoleErrorResponse = (e: unknown, kassa: Kassa): Response => {
  const result = errorResult(e, (err) => kassa.logger.error({ err }, 'console request failed'));
  return Response.json(result.body, {
    status: result.status,
    headers: { 'cache-control': 'no-store', ...result.headers },
  });
};
