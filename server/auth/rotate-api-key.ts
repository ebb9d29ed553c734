import type { AppContext } from '../app-context';
import { forUpdate, inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { newApiKey, readApiKey, type ApiKeyView } from './api-keys';
import type { Actor } from './scopes';
import { hashSecret } from './secret-hash';

/**
 * `POST /v1/admin/api-keys/{id}/rotate-api-key`: the key gets a new value, answered once (only its hash is kept);
 * the old value is refused (401) from this moment. Its id, name and scopes stay.
 */
export const rotateApiKey = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ApiKeyView & { api_key: string }> => {
  const apiKey = newApiKey(actor.accountId);
  const row = await inTransaction(ctx.database, async (trx) => {
    const current = await forUpdate(
      ctx.database,
      trx.selectFrom('api_keys').selectAll().where('id', '=', id).where('account_id', '=', actor.accountId),
    ).executeTakeFirst();
    if (!current || current.deleted_at !== null) throw new AppError('API_KEY_NOT_FOUND', `API key ${id} was not found`);
    await trx
      .updateTable('api_keys')
      .set({ key_hash: hashSecret(apiKey) })
      .where('id', '=', id)
      .execute();
    return current;
  });
  return { ...readApiKey(row), api_key: apiKey };
};
