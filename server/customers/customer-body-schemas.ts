import { z } from 'zod';
import { MetadataPatch } from '../shared/schemas';
import { commonFields, Company, ContactFor, CUSTOMER_TYPES, CustomerId } from './customer-schemas';

/**
 * The bodies that create and update a customer: one shape per type, so the document states which fields a type
 * takes (the public spec's customer object): `company` is required for type company and taken by other too;
 * `contact_for` is taken only by contact. What an update leaves out stays, so the stored customer decides the rest
 * (assert-customer-rules.ts).
 */

/**
 * Metadata as sent, with the caps of every metadata: a key set to null is removed (and not stored on create);
 * `metadata: null` clears all.
 */
const MetadataInput = MetadataPatch;

const TYPES = CUSTOMER_TYPES.join(', ');

/**
 * A body without `type` is read as one with `type: value`. The document asks for `type` in every shape (a `oneOf`
 * is then plainly exclusive, as the lint checks), and says what leaving it out means; the server still takes that.
 */
const typeLeftOutIs =
  (value: 'customer' | null) =>
  (body: unknown): unknown =>
    typeof body === 'object' && body !== null && !Array.isArray(body) && !('type' in body)
      ? { ...body, type: value }
      : body;

/** The fields only some types take, and which (the public spec's customer object). */
const TYPE_FIELDS: Record<string, string> = {
  company: 'is only for types company and other',
  contact_for: 'is only for type contact',
};
/** A field of another type, or unknown, names the rule it breaks. */
const typeFieldsError = (iss: z.core.$ZodRawIssue): string | undefined => {
  if (iss.code !== 'unrecognized_keys') return undefined;
  const type = (iss.input as { type?: unknown }).type ?? 'customer';
  return iss.keys
    .map((k) => (TYPE_FIELDS[k] ? `${k} ${TYPE_FIELDS[k]}, not ${String(type)}` : `Unrecognized key: "${k}"`))
    .join('; ');
};
const createShape = <T extends z.ZodType, F extends z.core.$ZodLooseShape>(type: T, fields: F) =>
  z.strictObject(
    { customer_id: CustomerId.optional(), type, metadata: MetadataInput.optional(), ...commonFields, ...fields },
    { error: typeFieldsError },
  );

/** A new customer: type defaults to customer. */
export const CreateCustomerBody = z.preprocess(
  typeLeftOutIs('customer'),
  z.discriminatedUnion(
    'type',
    [
      createShape(z.enum(['customer', 'employee']).describe('Left out, the type is customer'), {}).describe(
        'Type customer (the default) or employee: no company, no contact_for',
      ),
      createShape(z.literal('company'), {
        company: z.looseObject(Company.shape, {
          error: (iss) => (iss.input === undefined ? 'is required for type company' : undefined),
        }),
      }).describe('Type company: company required'),
      createShape(z.literal('other'), { company: Company.optional() }).describe('Type other: company optional'),
      createShape(z.literal('contact'), { contact_for: ContactFor.optional() }).describe(
        'Type contact: contact_for optional',
      ),
    ],
    {
      error: (iss) => (iss.code === 'invalid_union' ? `must be one of ${TYPES} (default customer)` : undefined),
    },
  ),
);
export type CreateCustomerInput = z.infer<typeof CreateCustomerBody>;

/** A field the type does not take: only null, which removes what is stored. */
const notTaken = (field: keyof typeof TYPE_FIELDS) =>
  z.null({ error: `${TYPE_FIELDS[field]}; with another type only null (removing it) is taken` }).optional();
const updateShape = <T extends z.ZodType, F extends z.core.$ZodLooseShape>(type: T, fields: F) =>
  z.strictObject({
    customer_id: CustomerId.optional(),
    type,
    metadata: MetadataInput.optional(),
    ...commonFields,
    ...fields,
  });

/**
 * Partial update: fields left out stay as they are; `company: null` and `contact_for: null` remove them (to change
 * the type). With `type` left out (or null) the type stays, and the stored type decides what company and contact_for
 * may be.
 */
export const UpdateCustomerBody = z.preprocess(
  typeLeftOutIs(null),
  z.discriminatedUnion(
    'type',
    [
      updateShape(z.null().describe('null (or left out): the type stays'), {
        company: Company.nullable().optional(),
        contact_for: ContactFor.nullable().optional(),
      }).describe('The type stays (left out or null)'),
      updateShape(z.enum(['customer', 'employee']), {
        company: notTaken('company'),
        contact_for: notTaken('contact_for'),
      }).describe('To type customer or employee'),
      updateShape(z.literal('company'), {
        company: z
          .looseObject(Company.shape, { error: 'is required for type company: it cannot be removed' })
          .optional(),
        contact_for: notTaken('contact_for'),
      }).describe('To type company (the customer must have company, stored or sent)'),
      updateShape(z.literal('other'), {
        company: Company.nullable().optional(),
        contact_for: notTaken('contact_for'),
      }).describe('To type other'),
      updateShape(z.literal('contact'), {
        company: notTaken('company'),
        contact_for: ContactFor.nullable().optional(),
      }).describe('To type contact'),
    ],
    {
      error: (iss) =>
        iss.code === 'invalid_union' ? `must be one of ${TYPES} (left out or null: the type stays)` : undefined,
    },
  ),
);
export type UpdateCustomerInput = z.infer<typeof UpdateCustomerBody>;
