/** The customer types of the public API: a consumer (b2c) or a business (b2b). */
export type CustomerType = 'b2c' | 'b2b';

/**
 * `configuration.allow_different_billing_shipping_address` as clients send it: a boolean (both customer types), or the
 * public Node SDK's list of the customer types that may give a separate billing address.
 */
export type DifferentBillingSetting = boolean | readonly CustomerType[];

/**
 * The customer type the checkout serves: `configuration.default_customer_type`, else b2b when `express.customer_types`
 * offers only b2b, else b2c. The page has one address form, so this is the type the setting is read for.
 */
export const checkoutCustomerType = (
  configuration: { default_customer_type?: CustomerType },
  express?: { customer_types?: readonly CustomerType[] },
): CustomerType =>
  configuration.default_customer_type ??
  (express?.customer_types?.length === 1 && express.customer_types[0] === 'b2b' ? 'b2b' : 'b2c');

/** Whether the customer may give a billing address other than the shipping address: the one reading of the setting. */
export const differentBillingAllowed = (
  configuration: {
    allow_different_billing_shipping_address?: DifferentBillingSetting;
    default_customer_type?: CustomerType;
  },
  express?: { customer_types?: readonly CustomerType[] },
): boolean => {
  const setting = configuration.allow_different_billing_shipping_address;
  if (typeof setting === 'boolean' || setting === undefined) return setting === true;
  return setting.includes(checkoutCustomerType(configuration, express));
};
