import type { AppContext, RequestMeta } from '../app-context';
import { assertHoldsEvery } from '../auth/no-escalation';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { uuid } from '../shared/ids';
import {
  consoleUserView,
  VIEW_COLUMNS,
  type ConsoleUserView,
  type CreateConsoleUserInput,
} from './console-user-schemas';
import { ROLE_SCOPES } from './console-roles';
import { generatePassword, hashPassword } from './password-hash';

/**
 * A new console user of the caller's account (ADR 033). Without a password one is generated and answered
 * once (`password`): only its hash is stored, so a replay of the request answers the user without it.
 * An e-mail a user of the same account already has is 409; another account's users play no part (ADR 043).
 * Only a caller holding every scope of the role may make one (403 SCOPE_NOT_HELD, ADR 042): a user's session
 * acts with them.
 */
export const createConsoleUser = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateConsoleUserInput,
  meta: RequestMeta,
): Promise<{ user: ConsoleUserView; password?: string }> => {
  assertHoldsEvery(actor, ROLE_SCOPES[input.role], `A console ${input.role} user`);
  const generated = input.password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(input.password ?? generated!, ctx.env.KASSA_CONSOLE_PASSWORD_COST);
  const { id, replayed } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertUser(trx, actor, input, passwordHash)),
  );
  const row = await ctx.database.db
    .selectFrom('console_users')
    .select(VIEW_COLUMNS)
    .where('id', '=', id)
    .where('account_id', '=', actor.accountId)
    .executeTakeFirstOrThrow();
  const user = consoleUserView(row);
  return replayed || generated === undefined ? { user } : { user, password: generated };
};

const insertUser = async (
  trx: Executor,
  actor: Actor,
  input: CreateConsoleUserInput,
  passwordHash: string,
): Promise<string> => {
  const id = uuid();
  const inserted = await trx
    .insertInto('console_users')
    .values({
      id,
      account_id: actor.accountId,
      email: input.email,
      role: input.role,
      password_hash: passwordHash,
      created_at: new Date().toISOString(),
      created_by: actor.subject,
      deleted_at: null,
      deleted_by: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
    throw new AppError('CONSOLE_USER_ALREADY_EXISTS', `A console user with the e-mail ${input.email} already exists`, {
      errors: [{ path: 'email', message: 'already exists' }],
    });
  return id;
};
