import type { AppContext } from '../../app-context';
import type { Actor } from '../scopes';
import { loadClient, readClient } from './client-repository';
import type { ClientView } from './client-schemas';

/** One live client of the caller's account (never its secret: Kassa keeps only its hash). */
export const getClient = async (ctx: AppContext, actor: Actor, id: string): Promise<ClientView> =>
  readClient(await loadClient(ctx.database.db, actor.accountId, id));
