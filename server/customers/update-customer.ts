import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { expectUpdated } from '../db/expect-updated';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { assertEmailFree, assertMetadataWithinCaps, assertTypeRules } from './assert-customer-rules';
import {
  customerColumns,
  duplicatesAs409,
  loadCustomer,
  mergeMetadata,
  readCustomer,
  stateOf,
  type CustomerState,
} from './customer-repository';
import type { UpdateCustomerInput } from './customer-body-schemas';
import type { CustomerData, CustomerView } from './customer-schemas';

/**
 * The state after a partial update: fields left out stay, metadata merges (null removes a key;
 * `metadata: null` clears), `company: null` and `contact_for: null` remove those.
 */
const applyUpdate = (current: CustomerState, input: UpdateCustomerInput): CustomerState => {
  const { customer_id: _id, type, metadata, company, contact_for: contactFor, ...fields } = input;
  const {
    metadata: currentMetadata,
    company: currentCompany,
    contact_for: currentContactFor,
    ...currentFields
  } = current.data;
  const merged = mergeMetadata(currentMetadata, metadata);
  const kept = <T>(sent: T | null | undefined, was: T | undefined): T | undefined =>
    sent === null ? undefined : (sent ?? was);
  const [nextCompany, nextContactFor] = [kept(company, currentCompany), kept(contactFor, currentContactFor)];
  const data: CustomerData = {
    ...currentFields,
    ...fields,
    ...(nextCompany ? { company: nextCompany } : {}),
    ...(nextContactFor ? { contact_for: nextContactFor } : {}),
    ...(merged ? { metadata: merged } : {}),
  };
  return { customer_id: current.customer_id, type: type ?? current.type, data };
};

/** Partial update of a customer; its customer_id cannot change here. The rules are checked on the result. */
export const updateCustomer = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  input: UpdateCustomerInput,
): Promise<CustomerView> => {
  if (input.customer_id !== undefined && input.customer_id !== customerId) {
    throw new AppError(
      'INVALID_REQUEST',
      'customer_id in the body must match the path (it cannot be changed by an update)',
      { errors: [{ path: 'customer_id', message: 'must match the path' }] },
    );
  }
  return duplicatesAs409(() =>
    inTransaction(ctx.database, async (trx) => {
      const row = await loadCustomer(trx, actor.accountId, customerId, ctx.database);
      const next = applyUpdate(stateOf(row), input);
      assertTypeRules(next);
      if (input.metadata) assertMetadataWithinCaps(next.data.metadata);
      await assertEmailFree(trx, actor.accountId, next, row.id);
      const now = nowIso();
      expectUpdated(
        await trx
          .updateTable('customers')
          .set({ ...customerColumns(next), updated_at: now, version: row.version + 1 })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .executeTakeFirst(),
        'The customer',
      );
      return readCustomer({ ...row, ...customerColumns(next), updated_at: now, version: row.version + 1 });
    }),
  );
};
