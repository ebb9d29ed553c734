import type { Selectable } from 'kysely';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { parseJson, parseOptionalJson } from '../shared/json-columns';
import type { BankAccountView, OrganizationView, PayoutDestinationView } from './payout-destination-schemas';
import type { PayoutDestinationsTable } from './terminals-tables';

export type PayoutDestinationRow = Selectable<PayoutDestinationsTable>;

export const findPayoutDestination = (
  exec: Executor,
  accountId: string,
  payoutDestinationId: string,
): Promise<PayoutDestinationRow | undefined> =>
  exec
    .selectFrom('payout_destinations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('payout_destination_id', '=', payoutDestinationId)
    .executeTakeFirst();

export const loadPayoutDestination = async (
  exec: Executor,
  accountId: string,
  payoutDestinationId: string,
  path?: string,
): Promise<PayoutDestinationRow> => {
  const row = await findPayoutDestination(exec, accountId, payoutDestinationId);
  if (!row) {
    throw new AppError(
      'PAYOUT_DESTINATION_NOT_FOUND',
      `Payout destination ${payoutDestinationId} was not found`,
      path ? { errors: [{ path, message: 'no such payout destination in this account' }] } : {},
    );
  }
  return row;
};

/** The payout destination mapper: `bank_accounts` and `organization` (written from a validated body) parsed once. */
export const readPayoutDestination = (row: PayoutDestinationRow): PayoutDestinationView => {
  const organization = parseOptionalJson<OrganizationView>(row.organization);
  return {
    id: row.id,
    account_id: row.account_id,
    payout_destination_id: row.payout_destination_id,
    ...(row.payout_reference === null ? {} : { payout_reference: row.payout_reference }),
    type: row.type,
    case_status: row.case_status,
    bank_accounts: parseJson<BankAccountView[]>(row.bank_accounts),
    ...(organization ? { organization } : {}),
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
};
