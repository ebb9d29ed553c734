import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { expectUpdated } from '../db/expect-updated';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { loadCustomer, readCustomer } from './customer-repository';
import type { CustomerView } from './customer-schemas';

/**
 * Soft delete: the row keeps only id, customer_id, type and the stamps (its email and the rest are
 * forgotten; the customer_id stays taken). With `deleteTokens`, the customer's stored cards are
 * deleted in the same transaction, so they can no longer pay. Returns the customer as it was, stamped.
 */
export const deleteCustomer = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  opts: { deleteTokens: boolean },
): Promise<CustomerView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadCustomer(trx, actor.accountId, customerId, ctx.database);
    const now = nowIso();
    expectUpdated(
      await trx
        .updateTable('customers')
        .set({
          data: '{}',
          email_lower: null,
          phone_number: null,
          search_keys: null,
          deleted_at: now,
          deleted_by: actor.subject,
          updated_at: now,
          version: row.version + 1,
        })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .executeTakeFirst(),
      'The customer',
    );
    if (opts.deleteTokens) {
      await trx
        .updateTable('stored_card_tokens')
        .set({ deleted_at: now, deleted_by: actor.subject })
        .where('account_id', '=', actor.accountId)
        .where('customer_id', '=', customerId)
        .where('deleted_at', 'is', null)
        .execute();
    }
    return { ...readCustomer(row), updated_at: now, deleted_at: now, deleted_by: actor.subject };
  });
