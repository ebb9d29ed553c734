import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { randomBase58, uuid } from '../shared/ids';
import { assertCustomerIdFree, assertEmailFree, assertTypeRules } from './assert-customer-rules';
import {
  customerColumns,
  duplicatesAs409,
  mergeMetadata,
  readCustomer,
  type CustomerState,
} from './customer-repository';
import type { CreateCustomerInput } from './customer-body-schemas';
import type { CustomerView } from './customer-schemas';

/** Creates a customer of the caller's account; a missing customer_id is generated. */
export const createCustomer = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateCustomerInput,
  meta: RequestMeta,
): Promise<CustomerView> => {
  const { customer_id: customerId, type, metadata, ...fields } = input;
  const cleanMetadata = mergeMetadata(undefined, metadata); // null values are not stored
  const data = { ...fields, ...(cleanMetadata ? { metadata: cleanMetadata } : {}) };
  assertTypeRules({ customer_id: customerId ?? '', type, data });
  const { id } = await duplicatesAs409(() =>
    inTransaction(ctx.database, (trx) =>
      oncePerKey(trx, ctx.database, meta, () =>
        insertCustomer(trx, actor, { customer_id: customerId ?? `cus_${randomBase58(20)}`, type, data }),
      ),
    ),
  );
  return readCustomer(
    await ctx.database.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
};

const insertCustomer = async (trx: Executor, actor: Actor, state: CustomerState): Promise<string> => {
  await assertCustomerIdFree(trx, actor.accountId, state.customer_id);
  await assertEmailFree(trx, actor.accountId, state);
  const id = uuid();
  const now = nowIso();
  await trx
    .insertInto('customers')
    .values({
      id,
      account_id: actor.accountId,
      customer_id: state.customer_id,
      ...customerColumns(state),
      created_at: now,
      created_by: actor.subject,
      updated_at: now,
      deleted_at: null,
      deleted_by: null,
      version: 1,
    })
    .execute();
  return id;
};
