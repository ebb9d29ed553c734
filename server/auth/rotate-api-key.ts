import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { apiKeyToActOn } from './api-key-to-act-on';
import { newApiKey, readApiKey, type ApiKeyView } from './api-keys';
import type { Actor } from './scopes';
import { hashSecret } from './secret-hash';

/**
 * `POST /v1/admin/api-keys/{id}/rotate-api-key`: the key gets a new value, answered once (only its hash is kept);
 * the old value is refused (401) from this moment. Its id, name and scopes stay. Only a caller holding every scope
 * of the key may (403 SCOPE_NOT_HELD, ADR 042): the new value would give them to it.
 */
export const rotateApiKey = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ApiKeyView & { api_key: string }> => {
  const apiKey = newApiKey(actor.accountId);
  const row = await inTransaction(ctx.database, async (trx) => {
    const current = await apiKeyToActOn(ctx, trx, actor, id);
    await trx
      .updateTable('api_keys')
      .set({ key_hash: hashSecret(apiKey) })
      .where('id', '=', id)
      .execute();
    return current;
  });
  return { ...readApiKey(row), api_key: apiKey };
};
