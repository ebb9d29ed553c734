import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { generateSecret } from '../auth/secret-hash';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { SIGNATURE_TYPE } from './sign-callback';

export interface SignatureSecretView {
  id: string;
  created_at: string;
  created_by: string;
  signature: { type: typeof SIGNATURE_TYPE; secret: string };
}

/** The account's current signing secret (the newest), or undefined. */
export const findSigningSecret = async (exec: Executor, accountId: string) =>
  exec
    .selectFrom('signature_secrets')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();

const view = (row: { id: string; created_at: string; created_by: string; secret: string }): SignatureSecretView => ({
  id: row.id,
  created_at: row.created_at,
  created_by: row.created_by,
  signature: { type: SIGNATURE_TYPE, secret: row.secret },
});

export const getSignatureSecret = async (ctx: AppContext, actor: Actor): Promise<SignatureSecretView> => {
  const row = await findSigningSecret(ctx.database.db, actor.accountId);
  if (!row)
    throw new AppError('SIGNATURE_NOT_FOUND', 'No signing secret exists; create one with POST /v1/admin/signature');
  return view(row);
};

/** Creates a new secret, which replaces (rotates) the previous one for every later callback. */
export const createSignatureSecret = async (
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta,
): Promise<SignatureSecretView> =>
  inTransaction(ctx.database, async (trx) => {
    const { id } = await oncePerKey(trx, ctx.database, meta, async () => {
      const row = {
        id: uuid(),
        account_id: actor.accountId,
        secret: generateSecret(32),
        created_at: nowIso(),
        created_by: actor.subject,
      };
      await trx.insertInto('signature_secrets').values(row).execute();
      return row.id;
    });
    return view(await trx.selectFrom('signature_secrets').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
