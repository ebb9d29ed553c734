import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadTerminal, readTerminal } from './terminal-repository';
import type { TerminalView } from './terminal-schemas';

/** One terminal of the account, deleted ones included (status DELETED). */
export const getTerminal = async (ctx: AppContext, actor: Actor, terminalId: string): Promise<TerminalView> =>
  readTerminal(await loadTerminal(ctx.database.db, actor.accountId, terminalId));
