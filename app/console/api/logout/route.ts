import { consoleCookie } from '../../../../server/console/console-cookie';
import { logOutConsoleUser } from '../../../../server/console/log-out-console-user';
import { AppError } from '../../../../server/errors/app-error';
import { checkConsoleWrite, consoleRequest, consoleErrorResponse } from '../../../../server/pages/console-session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Sign out (ADR 033): a console write like any other (own Origin and the session's x-kassa-csrf, else 403).
 * The session ends and the cookie is cleared: 204. A session that was already over only has its cookie cleared.
 */
export const POST = async (request: Request): Promise<Response> => {
  const c = await consoleRequest(request);
  try {
    await checkConsoleWrite(c).catch((e: unknown) => {
      if (!(e instanceof AppError && e.code === 'UNAUTHORIZED')) throw e;
    });
    if (c.secret !== undefined) await logOutConsoleUser(c.kassa.ctx, c.secret);
    return new Response(null, {
      status: 204,
      headers: { 'set-cookie': consoleCookie('', c.baseUrl), 'cache-control': 'no-store' },
    });
  } catch (e) {
    return consoleErrorResponse(e, c.kassa);
  }
};
