import type { StoredConfiguration, StoredExpress } from '../sessions/session-record';

/** The discount codes callback: `express.discount_codes.callback_url`, or the spec's `discount_code_callback_url`. */
export const discountCallbackUrl = (express: StoredExpress | undefined): string | undefined =>
  express?.discount_codes?.callback_url ?? express?.discount_code_callback_url;

/** Customers may enter discount codes when the merchant has a callback for them and turned the feature on. */
export const discountCodesEnabled = (express: StoredExpress | undefined, configuration: StoredConfiguration): boolean =>
  discountCallbackUrl(express) !== undefined && configuration.discounts?.express_discount_codes?.enabled === true;

export const DEFAULT_MAX_DISCOUNT_CODES = 5;
export const maxDiscountCodes = (express: StoredExpress | undefined): number =>
  express?.discount_codes?.max_count ?? DEFAULT_MAX_DISCOUNT_CODES;
