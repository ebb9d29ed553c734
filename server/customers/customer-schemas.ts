import { z } from 'zod';
import { AccountId, addressableId, IsoDateTime, JsonObject, SafeString, SafeText } from '../shared/schemas';
import type { Page as BasePage } from '../shared/paging';

/** The account API's customers (issue 10): /v1/accounts/{aid}/customers/users. */
export const CUSTOMER_TYPES = ['customer', 'company', 'contact', 'employee', 'other'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CustomerId = addressableId(
  SafeString.min(1, 'must not be empty')
    .max(255)
    .regex(/^\S(.*\S)?$/, 'must not start or end with spaces'),
);

const Text = SafeString.max(255);
const E164 = z.string().regex(/^\+?[1-9]\d{1,14}$/, 'must be an E.164 phone number, e.g. +4799999999');
const Email = z.email('must be an email address').max(254);

const Address = z.looseObject({
  address_line: Text,
  address_line_2: Text.optional(),
  postal_code: SafeString.max(32).optional(),
  postal_place: Text,
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code, e.g. NO'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  type: z.enum(['custom', 'home', 'other', 'work']).optional(),
  custom_type: Text.optional(),
  comment: SafeText.max(1000).optional(),
});

/** `bussiness_name` is spelled so in the public API. */
export const Company = z.looseObject({
  bussiness_name: Text.min(1, 'must not be empty'),
  organization_number: SafeString.max(64).optional(),
  department: Text.optional(),
  industry: Text.optional(),
  website: SafeString.max(2048).optional(),
  number_of_employees: z.union([z.number().int().min(0), SafeString.max(64)]).optional(),
});

const Consent = z.looseObject({ consent: z.boolean(), updated_at: IsoDateTime });

export const ContactFor = z
  .array(z.looseObject({ customer_id: CustomerId }))
  .max(100)
  .describe('The customers this contact is a contact for (type contact only)');

/** The fields of every type besides customer_id, type and metadata; all optional, nullable where the spec says so. */
export const commonFields = {
  first_name: Text.nullable().optional(),
  last_name: Text.nullable().optional(),
  email: Email.nullable().optional(),
  phone_number: E164.nullable().optional(),
  attributes: JsonObject.optional(),
  status: Text.nullable().optional(),
  favorite_store: Text.nullable().optional(),
  enrolled_by: z.looseObject({ value: SafeString.max(2048), type: SafeString.max(64).optional() }).optional(),
  marketing_consent: z.looseObject({ sms: Consent.optional(), email: Consent.optional() }).optional(),
  addresses: z.array(Address).max(50).optional(),
  term: z.looseObject({ id: z.uuid('must be a UUID'), accepted_at: IsoDateTime }).optional(),
  gender: Text.nullable().optional(),
  date_of_birth: z.iso.date('must be a date, YYYY-MM-DD').nullable().optional(),
};
/** Every field a customer carries: `company` (types company and other) and `contact_for` (type contact) too. */
export const customerFields = { ...commonFields, company: Company.optional(), contact_for: ContactFor.optional() };

/** What is stored in `customers.data` (and returned): the fields as given, metadata without null values. */
export type CustomerData = z.infer<z.ZodObject<typeof customerFields>> & { metadata?: Record<string, unknown> };

/** A customer as the API returns it. A deleted customer (include_deleted) keeps only id, customer_id, type and the stamps. */
export const CustomerSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  ...customerFields,
  metadata: JsonObject.optional(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type CustomerView = z.infer<typeof CustomerSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: SafeString.min(1).max(255).optional(),
};

export const CustomerParams = z.object({ aid: AccountId, customer_id: CustomerId });
export const CustomerTokenParams = CustomerParams.extend({ token_id: SafeString.min(1).max(255) });
export const AccountParams = z.object({ aid: AccountId });

export const ListCustomersQuery = z.object({
  search: SafeString.min(1).max(255).optional(),
  email: z.string().min(1).max(254).optional(),
  phone_number: z.string().min(1).max(16).optional(),
  type: z.enum([...CUSTOMER_TYPES, 'any']).optional(),
  include_deleted: booleanQuery.default(false),
  total: booleanQuery.default(false),
  ...paging,
});
export type ListCustomersInput = z.infer<typeof ListCustomersQuery>;

export const DeleteCustomerQuery = z.object({ delete_tokens: booleanQuery.default(false) });

export const ListTokensQuery = z.object({
  include_deleted: booleanQuery.default(false),
  total: booleanQuery.default(false),
  ...paging,
});
export const ListCardTokensQuery = ListTokensQuery.extend({ customer_id: CustomerId.optional() });
export type ListCardTokensInput = z.infer<typeof ListCardTokensQuery>;

export const CardTokenParams = z.object({ token_id: SafeString.min(1).max(255) });

/** A stored card (its payment token and, when asked for, its recurrence token): never the card number, nor the tokens themselves. */
export const CardTokenSchema = z.object({
  token_id: z.string(),
  type: z.literal('payment_token'),
  token_types: z.array(z.enum(['payment_token', 'recurrence_token'])),
  payment_product_type: z.string(),
  customer_id: z.string().optional(),
  card: z.object({ brand: z.string(), masked_pan: z.string(), expiry_date: z.string(), type: z.string().optional() }),
  session_id: z.string(),
  transaction_id: z.string(),
  created_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type CardTokenView = z.infer<typeof CardTokenSchema>;

/** One page of a list: the route returns `items` and puts the cursor and count in headers. */
export interface Page<T> extends BasePage<T> {
  /** With `total=true`: how many match, over all pages. */
  total?: number;
}
