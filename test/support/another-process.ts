import type { AppContext } from '../../server/app-context';

/**
 * `ctx` as another process on the same database sees it (ADR 047): its own registration (none here)
 * and its own requests' held work (none), so a recovery step run with it takes over what the test
 * server's requests still hold once the rules for other processes say so (a dead owner, or the age
 * backstop), as the process that restarts after a crash does. The connection is the same one.
 */
export const asAnotherProcess = (ctx: AppContext): AppContext => ({ ...ctx, database: { ...ctx.database } });
