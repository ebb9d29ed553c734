import { z } from 'zod';
import { IsoDateTime, JsonObject, SafeString } from '../shared/schemas';
import { TOKEN_VALUE_MAX } from '../wallets/wallet-tokens';
import { closedObject } from './closed-object';
import { E164, FreeText, Text } from './receipt-lines-schemas';

/**
 * Who is on a receipt: its store, the delivery and the customer (spec "Receipt"; the customer's fields are the
 * customers API's, plus `pays_tax` and the `token` that may stand for the customer). Store and customer matchers of
 * the rules read them (docs/discounts.md §2); the rest is accepted, validated and returned as posted.
 */
const Email = SafeString.max(254);
const Country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code, e.g. NO');

const addressFields = {
  address_line: Text.optional(),
  address_line_2: Text.optional(),
  postal_code: SafeString.max(32).optional(),
  postal_place: Text.optional(),
  country: Country.optional(),
};
export const Address = closedObject(addressFields);

export const Store = closedObject({
  id: Text.min(1),
  name: Text.optional(),
  business_name: Text.optional(),
  address: Address.optional(),
  chain: Text.optional(),
  email: Email.optional(),
  gln: Text.optional(),
  organization_number: Text.optional(),
  phone_number: Text.optional(),
  mcc: z
    .string()
    .regex(/^\d{4}$/, 'must be a four-digit Merchant Category Code (ISO 18245)')
    .optional(),
  bax: Text.optional(),
  terminal_id: Text.optional(),
  payout_destination_id: Text.optional(),
});

export const Delivery = closedObject({
  first_name: Text.optional(),
  last_name: Text.optional(),
  email: Email.optional(),
  phone_number: E164.optional(),
  address: Address.optional(),
});

const CustomerAddress = closedObject({
  ...addressFields,
  type: z.enum(['custom', 'home', 'other', 'work']).optional(),
  custom_type: Text.optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  comment: FreeText.optional(),
});

const Consent = closedObject({ consent: z.boolean().optional(), updated_at: IsoDateTime.optional() });

const Company = closedObject({
  organization_number: Text.optional(),
  bussiness_name: Text.optional(),
  department: Text.optional(),
  industry: Text.optional(),
  website: SafeString.max(2048).optional(),
  number_of_employees: z.union([z.number().int().min(0).max(10_000_000), Text]).optional(),
});

/** Nullable as a stored customer's fields are, so a customer read from the customers API may be sent as it is. */
const NullableText = Text.nullable().optional();

export const Customer = closedObject({
  id: Text.optional(),
  customer_id: Text.min(1).optional(),
  type: z.enum(['customer', 'company', 'contact', 'employee', 'other']).optional(),
  first_name: NullableText,
  last_name: NullableText,
  email: Email.nullable().optional(),
  phone_number: E164.nullable().optional(),
  gender: NullableText,
  date_of_birth: z.iso.date('must be a date, YYYY-MM-DD').nullable().optional(),
  status: NullableText,
  favorite_store: NullableText,
  pays_tax: z.boolean().optional(),
  metadata: JsonObject.optional(),
  attributes: JsonObject.optional(),
  addresses: z.array(CustomerAddress).max(50).optional(),
  enrolled_by: closedObject({ type: Text.optional(), value: SafeString.max(2048).optional() }).optional(),
  company: Company.optional(),
  marketing_consent: closedObject({ sms: Consent.optional(), email: Consent.optional() }).optional(),
  term: closedObject({ id: Text.optional(), accepted_at: IsoDateTime.optional() }).optional(),
  contact_for: z
    .array(closedObject({ customer_id: Text.min(1) }))
    .max(100)
    .optional(),
  // a wallet card token may be as long as a drawdown takes (receipt-customer.ts looks it up)
  token: closedObject({
    token_id: Text.optional(),
    value: SafeString.max(TOKEN_VALUE_MAX).optional(),
    type: Text.optional(),
  }).optional(),
  created_at: IsoDateTime.optional(),
  created_by: Text.optional(),
  updated_at: IsoDateTime.optional(),
  deleted_at: IsoDateTime.optional(),
  deleted_by: Text.optional(),
});
