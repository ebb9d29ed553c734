import type { AppContext, RequestMeta } from '../../app-context';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { oncePerKey } from '../../idempotency/once-per-key';
import { nowIso } from '../../shared/clock';
import { uuid } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import { clientToActOn } from '../clients/client-repository';
import { assertHoldsEvery } from '../no-escalation';
import type { Actor } from '../scopes';
import { normalAudience } from './audience';
import { readGrant } from './grant-repository';
import type { CreateGrantInput, GrantView } from './grant-schemas';

const audienceOfAccount = (audience: string, accountId: string): string => {
  const normal = normalAudience(audience);
  if (normal?.accountId !== accountId)
    throw new AppError('INVALID_AUDIENCE', `audience must be <base>/v1/accounts/${accountId}`, {
      errors: [{ path: 'audience', message: 'does not name this account' }],
    });
  return normal.audience;
};

/**
 * Gives a client of the account scopes for one audience and grant type. A caller grants only scopes it holds, and
 * only to a client whose scopes it holds (403 SCOPE_NOT_HELD, ADR 042: a client that may manage grants cannot raise
 * its own rights nor touch a stronger client); one grant per client, audience and type (409: delete it and grant
 * again to change it).
 */
export const createClientGrant = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateGrantInput,
  meta: RequestMeta,
): Promise<GrantView> => {
  assertHoldsEvery(actor, input.scope, 'The grant');
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const client = await clientToActOn(ctx.database, trx, actor, input.client_id);
      const audience = audienceOfAccount(input.audience, actor.accountId);
      const existing = await trx
        .selectFrom('api_client_grants')
        .select('id')
        .where('client_uuid', '=', client.id)
        .where('audience', '=', audience)
        .where('type', '=', input.type)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (existing)
        throw new AppError('CLIENT_GRANT_ALREADY_EXISTS', `Grant ${existing.id} already gives this client scopes here`);
      const row = {
        id: uuid(),
        account_id: actor.accountId,
        client_uuid: client.id,
        audience,
        scope: toJson([...new Set(input.scope)]),
        type: input.type,
        created_at: nowIso(),
        created_by: actor.subject,
      };
      await trx.insertInto('api_client_grants').values(row).execute();
      return row.id;
    }),
  );
  const row = await ctx.database.db.selectFrom('api_client_grants').selectAll().where('id', '=', id).executeTakeFirst();
  return readGrant(row!);
};
