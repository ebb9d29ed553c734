import type { AppContext } from '../app-context';
import { endSession, sessionIdOf } from './console-session';

/** Sign out: the session of the cookie's secret ends (the cookie alone opens nothing any more). */
export const logOutConsoleUser = (ctx: AppContext, secret: string): Promise<void> =>
  endSession(ctx, sessionIdOf(secret), new Date().toISOString());
