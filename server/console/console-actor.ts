import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { CONSOLE_COOKIE, consoleSecretFrom, cookieFrom } from './console-cookie';
import { resolveConsoleSession } from './console-session';
import { ROLE_SCOPES, ROLE_WRITES } from './console-roles';

/** The header a console write carries: the session's CSRF token, which the signed-in layout gives the page. */
export const CSRF_HEADER = 'x-kassa-csrf';

/** What the dispatcher knows of a request (server/http/dispatch.ts's HttpRequest has these). */
export interface ConsoleRequest {
  method: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** The public origin (ADR 007). */
  baseUrl: string;
}

/** A /v1 request without a token or key but with the console's cookie: the dispatcher asks consoleActor. */
export const carriesConsoleCookie = (headers: Readonly<Record<string, string | undefined>>): boolean =>
  headers.cookie?.includes(`${CONSOLE_COOKIE}=`) === true;

/** Sent by Kassa's own page: Origin (else Referer) is the public origin. Neither: not provably ours. */
export const fromOwnOrigin = (headers: Readonly<Record<string, string | undefined>>, baseUrl: string): boolean => {
  if (headers.origin !== undefined) return headers.origin === baseUrl;
  try {
    return new URL(headers.referer ?? '').origin === baseUrl;
  } catch {
    return false;
  }
};

const sameToken = (sent: string | undefined, expected: string): boolean => {
  if (sent === undefined) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The console user behind the cookie, as an Actor of the same /v1 use cases (ADR 033): its account, its
 * e-mail as `subject` (so `created_by` names it), and its role's scopes (admin: every scope; read-only: the
 * `read:*` ones, and `readOnly`: the dispatcher refuses it every write, ADR 042). No live session: 401. A write (anything but GET and HEAD) must carry `x-kassa-csrf` equal
 * to the session's token and come from the public origin, else 403 CSRF_REFUSED.
 */
export const consoleActor = async (ctx: AppContext, req: ConsoleRequest): Promise<Actor> => {
  const secret = await consoleSecretFrom(ctx, cookieFrom(req.headers.cookie, CONSOLE_COOKIE));
  const session = secret === undefined ? undefined : await resolveConsoleSession(ctx, secret);
  if (!session) throw new AppError('UNAUTHORIZED', 'The console session is over or not valid: sign in again');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (!fromOwnOrigin(req.headers, req.baseUrl))
      throw new AppError('CSRF_REFUSED', "Refused: a console write must come from the console's own origin");
    if (!sameToken(req.headers[CSRF_HEADER], session.csrfToken))
      throw new AppError('CSRF_REFUSED', `Refused: a console write must carry the session's ${CSRF_HEADER} header`);
  }
  const actor = { accountId: session.accountId, subject: session.email, scopes: ROLE_SCOPES[session.role] };
  return ROLE_WRITES[session.role] ? actor : { ...actor, readOnly: true };
};
