import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';

/**
 * A merchant-initiated session's reference, by the request's feature toggles. strict-merchant-reference:
 * no other session may have the reference; strict-success-: no authorized one. A payment of the
 * reference still in progress (PAYING) may yet succeed, so under strict-success it is 409 (retry once
 * it has finished), else two concurrent pays could both be authorized.
 */
export const assertReferenceUnique = async (
  ctx: AppContext,
  trx: Executor,
  accountId: string,
  reference: string,
  toggles: Set<string>,
): Promise<void> => {
  const strict = toggles.has('strict-merchant-reference');
  if (!strict && !toggles.has('strict-success-merchant-reference')) return;
  if (ctx.database.engine === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`${accountId}:${reference}`}))`.execute(trx);
  let q = trx
    .selectFrom('sessions')
    .select('status')
    .where('account_id', '=', accountId)
    .where('merchant_reference', '=', reference);
  if (!strict) q = q.where('status', 'in', ['AUTHORIZED', 'ON_HOLD', 'PAYING']);
  const found = (await q.execute()).map((r) => r.status);
  if (found.length === 0) return;
  if (!strict && found.every((status) => status === 'PAYING')) {
    throw new AppError(
      'SESSION_PAYMENT_IN_PROGRESS',
      `A payment of a session with merchant_reference ${reference} is in progress; retry when it has finished`,
      {
        errors: [{ path: 'session.order.merchant_reference', message: 'payment in progress' }],
      },
    );
  }
  throw new AppError(
    'DUPLICATE_MERCHANT_REFERENCE',
    `A ${strict ? '' : 'successfully paid '}session with merchant_reference ${reference} already exists`,
    {
      errors: [{ path: 'session.order.merchant_reference', message: 'duplicate' }],
    },
  );
};
