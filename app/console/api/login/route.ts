import { consoleAccountCookie, consoleCookie, sealConsoleSession } from '../../../../server/console/console-cookie';
import { ConsoleLoginBody, logInConsoleUser } from '../../../../server/console/log-in-console-user';
import { AppError } from '../../../../server/errors/app-error';
import { consoleRequest, consoleErrorResponse } from '../../../../server/pages/console-session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The console's sign-in (ADR 033, ADR 043): JSON `{account, email, password}` from the console's own page
 * (Origin, else Referer: 403). 204 with the sealed session cookie (and the account, for the next sign-in's
 * form); 401 "Wrong e-mail or password" for any wrong account, e-mail or password; 429 + Retry-After past
 * the limits (server/console/login-attempt-limits.ts).
 */
export const POST = async (request: Request): Promise<Response> => {
  const c = await consoleRequest(request);
  try {
    if (!c.fromOwnOrigin) throw new AppError('CSRF_REFUSED', "Refused: sign in from the console's own page");
    if (!/^application\/json\b/i.test(c.headers['content-type'] ?? ''))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the e-mail and password as application/json');
    let json: unknown;
    try {
      json = JSON.parse(await request.text());
    } catch {
      throw new AppError('INVALID_JSON', 'The request body is not valid JSON');
    }
    const input = ConsoleLoginBody.safeParse(json);
    if (!input.success) throw new AppError('INVALID_REQUEST', 'Enter your account, e-mail and password');
    const login = await logInConsoleUser(c.kassa.ctx, input.data, c.address);
    const sealed = await sealConsoleSession(c.kassa.ctx, login.secret);
    const headers = new Headers({ 'set-cookie': consoleCookie(sealed, c.baseUrl), 'cache-control': 'no-store' });
    headers.append('set-cookie', consoleAccountCookie(login.accountId, c.baseUrl));
    return new Response(null, { status: 204, headers });
  } catch (e) {
    return consoleErrorResponse(e, c.kassa);
  }
};
