import type { Executor } from '../db/database';
import { readCheckoutConfig } from './checkout-config-store';

/** The account's merchant facts a new transaction carries in its `metadata`. */
export interface MerchantSettings {
  merchant_country?: string;
  merchant_category_code?: string;
}

/**
 * The account's merchant country (ISO 3166-1 alpha-2) and merchant category code, from its checkout configuration
 * (`PUT /v1/admin/checkout` `{"configuration": {"merchant": {"country": "NO", "merchant_category_code": "5814"}}}`),
 * whatever provider the account pays with; unset, the transaction's metadata has neither.
 */
export const readMerchantSettings = async (exec: Executor, accountId: string): Promise<MerchantSettings> => {
  const merchant = (await readCheckoutConfig(exec, accountId))?.configuration.merchant;
  return {
    ...(merchant?.country ? { merchant_country: merchant.country } : {}),
    ...(merchant?.merchant_category_code ? { merchant_category_code: merchant.merchant_category_code } : {}),
  };
};
