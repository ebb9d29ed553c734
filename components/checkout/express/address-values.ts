import type { Address, ViewSession } from '../../../domain/view-types';

/** The express address form's values, and how they are read from the session and sent back. */
export interface AddressValues {
  /** A separate billing address (only when the shop allows one). */
  differentBilling: boolean;
  billingFirstName: string;
  billingLastName: string;
  billingAddress: string;
  billingPostalCode: string;
  billingCity: string;
  billingCountry: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
}

export const initialAddressValues = (session: ViewSession): AddressValues => {
  const a: Address = session.order.shipping_address ?? {};
  const c = session.customer ?? {};
  const b: Address = session.order.billing_address ?? {};
  const differentBilling =
    session.configuration.allow_different_billing_shipping_address === true &&
    session.order.billing_address !== undefined &&
    JSON.stringify(b) !== JSON.stringify(a);
  return {
    differentBilling,
    billingFirstName: b.first_name ?? '',
    billingLastName: b.last_name ?? '',
    billingAddress: b.address_line ?? '',
    billingPostalCode: b.postal_code ?? '',
    billingCity: b.postal_place ?? '',
    billingCountry: b.country ?? 'NO',
    email: a.email ?? c.email ?? '',
    phone: a.phone_number ?? c.phone_number ?? '',
    firstName: a.first_name ?? c.first_name ?? '',
    lastName: a.last_name ?? c.last_name ?? '',
    address: a.address_line ?? '',
    postalCode: a.postal_code ?? '',
    city: a.postal_place ?? '',
    country: a.country ?? 'NO',
  };
};

/** One address from the form: the place fields given, with the customer's contact details. */
const addressOf = (
  v: AddressValues,
  place: { first: string; last: string; line: string; postal: string; city: string; country: string },
): Address => ({
  first_name: place.first.trim(),
  last_name: place.last.trim(),
  address_line: place.line.trim(),
  postal_code: place.postal.trim(),
  postal_place: place.city.trim(),
  country: place.country,
  email: v.email.trim(),
  phone_number: v.phone.replace(/[\s-]/g, ''),
});

/** The body of PUT .../order/addresses: the shipping address, and the billing address when the customer gave a different one. */
export const toAddressesBody = (v: AddressValues): { shipping_address: Address; billing_address?: Address } => ({
  shipping_address: addressOf(v, {
    first: v.firstName,
    last: v.lastName,
    line: v.address,
    postal: v.postalCode,
    city: v.city,
    country: v.country,
  }),
  ...(v.differentBilling
    ? {
        billing_address: addressOf(v, {
          first: v.billingFirstName,
          last: v.billingLastName,
          line: v.billingAddress,
          postal: v.billingPostalCode,
          city: v.billingCity,
          country: v.billingCountry,
        }),
      }
    : {}),
});
