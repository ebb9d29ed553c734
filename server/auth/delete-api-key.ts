import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { apiKeyToActOn } from './api-key-to-act-on';
import { readApiKey, type ApiKeyView } from './api-keys';
import type { Actor } from './scopes';

/** Deletes an API key (kept, marked deleted): refused (401) from this moment. Only by a caller holding its scopes. */
export const deleteApiKey = async (ctx: AppContext, actor: Actor, id: string): Promise<ApiKeyView> =>
  inTransaction(ctx.database, async (trx) => {
    const current = await apiKeyToActOn(ctx, trx, actor, id);
    const deleted = { deleted_at: nowIso(), deleted_by: actor.subject };
    await trx.updateTable('api_keys').set(deleted).where('id', '=', id).execute();
    return readApiKey({ ...current, ...deleted });
  });
