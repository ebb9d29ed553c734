import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadStore, readStore } from './store-repository';
import type { StoreView } from './store-schemas';

export const getStore = async (ctx: AppContext, actor: Actor, storeId: string): Promise<StoreView> =>
  readStore(await loadStore(ctx.database.db, actor.accountId, storeId));
