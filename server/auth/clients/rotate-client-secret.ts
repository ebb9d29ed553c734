import type { AppContext } from '../../app-context';
import { expectUpdated } from '../../db/expect-updated';
import { inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import type { Actor } from '../scopes';
import { generateSecret, hashSecret } from '../secret-hash';
import { clientToActOn, loadClient, readClient } from './client-repository';
import type { ClientView } from './client-schemas';

/**
 * A new secret for a client, answered once (only its hash is kept): the old one is refused by the token endpoint
 * from this moment; tokens already issued keep working until they expire. Only a caller holding every scope of the
 * client may (403 SCOPE_NOT_HELD, ADR 042): the new secret would give them to it.
 */
export const rotateClientSecret = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ClientView & { client_secret: string }> => {
  const secret = generateSecret();
  await inTransaction(ctx.database, async (trx) => {
    await clientToActOn(ctx.database, trx, actor, id);
    const result = await trx
      .updateTable('api_clients')
      .set({ secret_hash: hashSecret(secret), updated_at: nowIso() })
      .where('id', '=', id)
      .where('account_id', '=', actor.accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    expectUpdated(result, 'The client');
  });
  return { ...readClient(await loadClient(ctx.database.db, actor.accountId, id)), client_secret: secret };
};
