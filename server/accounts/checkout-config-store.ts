import { compiledOnce } from '../db/compiled-once';
import type { Executor } from '../db/database';
import { CheckoutConfiguration } from './checkout-config-schemas';

/** The account's checkout configuration (migration 0030), one row per account; `configuration` is its JSON. */
export interface CheckoutConfigsTable {
  account_id: string;
  configuration: string;
  updated_by: string;
  updated_at: string;
}

export const checkoutConfigTables = (exec: Executor) => exec.withTables<{ checkout_configs: CheckoutConfigsTable }>();

export interface StoredCheckoutConfig {
  configuration: CheckoutConfiguration;
  updated_by: string;
  updated_at: string;
}

const rowOf = compiledOnce((exec, accountId: string) =>
  checkoutConfigTables(exec)
    .selectFrom('checkout_configs')
    .select(['configuration', 'updated_by', 'updated_at'])
    .where('account_id', '=', accountId),
);

/** The account's stored configuration, or undefined before its first `PUT /v1/admin/checkout`. */
export const readCheckoutConfig = async (
  exec: Executor,
  accountId: string,
): Promise<StoredCheckoutConfig | undefined> => {
  const [row] = await rowOf(exec, accountId);
  if (!row) return undefined;
  // Written only through CheckoutConfiguration; parsed again so a column edited by hand cannot reach a transaction.
  return { ...row, configuration: CheckoutConfiguration.parse(JSON.parse(row.configuration)) };
};

/** Replaces the account's configuration (an upsert: one statement, so a retried PUT leaves the same row). */
export const writeCheckoutConfig = async (
  exec: Executor,
  accountId: string,
  stored: StoredCheckoutConfig,
): Promise<void> => {
  const values = { ...stored, configuration: JSON.stringify(stored.configuration) };
  await checkoutConfigTables(exec)
    .insertInto('checkout_configs')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
};
