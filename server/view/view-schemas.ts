import { z } from 'zod';
import { SafeString, SafeText } from '../shared/schemas';
import { ShippingOption } from '../sessions/session-schemas';

const text = (max: number) => SafeString.trim().max(max);

/**
 * A view write body's JSON is at most this many bytes (issue 24): far more than an address, a code
 * list or a shipping option needs, far less than the 1 MiB any request may be.
 */
export const VIEW_BODY_MAX_BYTES = 16_384;
const capped = <S extends z.ZodType>(schema: S): S =>
  schema.superRefine((body, ctx) => {
    const bytes = Buffer.byteLength(JSON.stringify(body) ?? '');
    const message = `the body must be at most ${VIEW_BODY_MAX_BYTES} bytes as JSON (it is ${bytes})`;
    if (bytes > VIEW_BODY_MAX_BYTES) ctx.addIssue({ code: 'custom', message });
  }) as unknown as S;

/**
 * An address the customer enters: the public OrderAddress, every field optional and checked. Strict:
 * an unknown key is 400 (issue 24: unknown keys were stored, hidden on read, megabytes of them).
 */
export const CustomerAddress = z.strictObject({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  address_line: text(200).optional(),
  address_line_2: text(200).optional(),
  co_address: text(200).optional(),
  business_name: text(200).optional(),
  postal_code: text(20).optional(),
  postal_place: text(100).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 country code, e.g. NO')
    .optional(),
  phone_number: z
    .string()
    .regex(/^\+?[1-9]\d{1,14}$/, 'must be a phone number in E.164 form, e.g. +4799999999')
    .optional(),
  email: z.email('must be an email address').max(254).optional(),
  organization_number: text(50).optional(),
  organization_type: text(50).optional(),
  customer_reference: text(100).optional(),
  cost_center: text(100).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  comment: SafeText.max(500).optional(),
});
/** The deprecated PUT .../order/shipping_address: a bare address. */
export const ShippingAddressBody = capped(CustomerAddress);

export const SetAddressesBody = capped(
  z.strictObject({
    shipping_address: CustomerAddress.optional(),
    billing_address: CustomerAddress.optional(),
    checkboxes: z
      .array(z.strictObject({ id: text(100), checked: z.boolean() }))
      .max(10)
      .optional(),
  }),
);
export type SetAddressesInput = z.infer<typeof SetAddressesBody>;

/** The chosen option: matched by `id` and `line_id`; the rest of what the page sends is ignored (the server's copy is stored). */
export const SetShippingOptionBody = capped(ShippingOption);

export const SetDiscountCodesBody = capped(z.strictObject({ discount_codes: z.array(text(100).min(1)).max(100) }));

export const GIFT_CARD_TYPES = [
  'kassa.wallets.card_token',
  'kassa.wallets.card_id',
  'dintero.wallets.card_token',
  'dintero.wallets.card_id',
] as const;
const EXACTLY_ONE_VALUE = 'give exactly one of value and card_token';
const givesOneValue = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && ('value' in input ? !('card_token' in input) : 'card_token' in input);
const giftCardFields = { type: z.enum(GIFT_CARD_TYPES), pin: z.string().max(16).optional() };
const CardValue = text(320).min(1);
/**
 * One card: `value` is the card number, card token or card_id; `card_token` is accepted instead of `value` for a card
 * token. Exactly one of the two: the document states it as two exclusive shapes.
 */
const GiftCardRequest = z
  .union(
    [
      z.strictObject({ ...giftCardFields, value: CardValue }).meta({ title: 'By value' }),
      z.strictObject({ ...giftCardFields, card_token: CardValue }).meta({ title: 'By card_token' }),
    ],
    { error: (iss) => (iss.code === 'invalid_union' && !givesOneValue(iss.input) ? EXACTLY_ONE_VALUE : undefined) },
  )
  .transform((c) => {
    if (!('card_token' in c)) return c;
    const { card_token, ...rest } = c;
    return { ...rest, value: card_token };
  });
export const SetGiftCardsBody = capped(z.strictObject({ gift_cards: z.array(GiftCardRequest).max(5) }));

export const PaymentInformationBody = capped(
  z.strictObject({
    billing_address: CustomerAddress,
    shipping_address: CustomerAddress,
    locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale, e.g. en-GB'),
  }),
);

/** The session's `updated_at` (an HTTP or ISO date) or, on pay, its `version`: printable ASCII either way. */
export const IfUnmodifiedSince = z
  .string()
  .max(100)
  .regex(/^[\x20-\x7e]*$/, 'Expected the session updated_at (or version) as last read')
  .optional()
  .describe("The session's `updated_at` (or, on pay, its `version`) as last read: 412 when it has changed since");
export const ViewWriteHeaders = z.looseObject({ 'if-unmodified-since': IfUnmodifiedSince });
