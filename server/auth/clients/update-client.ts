import type { AppContext } from '../../app-context';
import { expectUpdated } from '../../db/expect-updated';
import { inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import { toJson } from '../../shared/json-columns';
import type { Actor } from '../scopes';
import { clientToActOn, loadClient, readClient } from './client-repository';
import type { ClientView, UpdateClientInput } from './client-schemas';

/**
 * Changes a client's name, description or callbacks (a field left out keeps its value); only a caller holding every
 * scope of the client may (403 SCOPE_NOT_HELD, ADR 042).
 */
export const updateClient = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateClientInput,
): Promise<ClientView> => {
  await inTransaction(ctx.database, async (trx) => {
    const current = await clientToActOn(ctx.database, trx, actor, id);
    const result = await trx
      .updateTable('api_clients')
      .set({
        name: input.name ?? current.name,
        description: input.description ?? current.description,
        callbacks: input.callbacks ? toJson(input.callbacks) : current.callbacks,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    expectUpdated(result, 'The client');
  });
  return readClient(await loadClient(ctx.database.db, actor.accountId, id));
};
