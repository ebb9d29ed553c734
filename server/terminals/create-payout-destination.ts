import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { toJson } from '../shared/json-columns';
import { uuid } from '../shared/ids';
import { loadPayoutDestination, readPayoutDestination } from './payout-destination-repository';
import type { PayoutDestinationInput, PayoutDestinationView } from './payout-destination-schemas';

/**
 * Registers where the account's money goes. Kassa runs no KYC review, so a payout destination is
 * ACTIVE (ready for stores and their terminals) from the start.
 */
export const createPayoutDestination = async (
  ctx: AppContext,
  actor: Actor,
  input: PayoutDestinationInput,
  meta: RequestMeta,
): Promise<PayoutDestinationView> => {
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertPayoutDestination(trx, actor, input)),
  );
  return readPayoutDestination(await loadPayoutDestination(ctx.database.db, actor.accountId, id));
};

const insertPayoutDestination = async (trx: Executor, actor: Actor, input: PayoutDestinationInput): Promise<string> => {
  const now = nowIso();
  const inserted = await trx
    .insertInto('payout_destinations')
    .values({
      id: uuid(),
      account_id: actor.accountId,
      payout_destination_id: input.payout_destination_id,
      payout_reference: input.payout_reference ?? null,
      type: input.type,
      case_status: 'ACTIVE',
      bank_accounts: toJson(input.bank_accounts),
      organization: input.organization ? toJson(input.organization) : null,
      created_at: now,
      created_by: actor.subject,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'payout_destination_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new AppError(
      'PAYOUT_DESTINATION_ALREADY_EXISTS',
      `A payout destination with payout_destination_id ${input.payout_destination_id} already exists`,
      {
        errors: [{ path: 'payout_destination_id', message: 'already exists' }],
      },
    );
  }
  return input.payout_destination_id;
};
