import { KASSA_SESSION_EVENT_NAMES, SESSION_EVENT_NAMES } from './session-events';
import { RequestHeadersRead } from '../shared/request-headers';
import {
  Address,
  AppliedGiftCard,
  Customer,
  DiscountLine,
  OrderItem,
  PayoutDestinationId,
  SESSION_ORDER_LIMITS,
  SessionUrl,
  ShippingOption,
  Store,
} from '../shared/order-shapes';
import { z } from 'zod';
import { embedOriginProblem } from '../../domain/embed-origins';
import { NO_CONTROL_CHARACTERS } from '../shared/nul-char';
import { PAYMENT_KINDS, type ViewSession as DomainViewSession } from '../../domain/view-types';
import type { Equal, Expect } from '../shared/type-equality';
import {
  Currency,
  HttpUrl,
  manyParam,
  Int32Amount,
  IsoDateTime,
  JsonObject,
  Metadata,
  PositiveInt32Amount,
  ResourceId,
  SafeString,
  SafeText,
} from '../shared/schemas';

export {
  Address,
  AppliedGiftCard,
  Customer,
  DiscountLine,
  OrderItem,
  SessionUrl,
  ShippingOption,
} from '../shared/order-shapes';

export const Order = z.looseObject({
  amount: PositiveInt32Amount,
  currency: Currency,
  merchant_reference: SafeString.min(1).max(255),
  merchant_reference_2: SafeString.max(255).optional(),
  vat_amount: Int32Amount.optional(),
  items: z.array(OrderItem).max(SESSION_ORDER_LIMITS.items).optional(),
  shipping_option: ShippingOption.optional(),
  shipping_address: Address.optional(),
  billing_address: Address.optional(),
  partial_payment: z.union([z.boolean(), JsonObject]).optional(),
  discount_codes: z.array(SafeString.max(100)).max(100).optional(),
  discount_lines: z.array(DiscountLine).max(100).optional(),
  store: Store.optional(),
  payout_destination_id: PayoutDestinationId.optional().describe(
    'Included in settlement reports; the transaction keeps it (else `store.payout_destination_id`)',
  ),
  event_reference: SafeString.max(255)
    .optional()
    .describe("The default event reference for the auto capture: its CAPTURE event's `event_reference`"),
});

/**
 * The order as read back: a payment-token session's order has amount 0, and the gift cards the customer applied on
 * the checkout page (PUT /v1/view/{id}/session/order/gift_cards) are on it; a merchant's order never carries them.
 */
export const StoredOrder = Order.extend({
  amount: Int32Amount,
  gift_cards: z.array(AppliedGiftCard).max(20).optional(),
}).meta({ id: 'SessionOrder' });

/** What the document says of every order a merchant sends: it has no `gift_cards` (uniqueLineIds refuses them). */
const merchantOrder = <S extends z.ZodObject>(order: S): S =>
  order.meta({
    propertyNames: { not: { const: 'gift_cards' }, pattern: NO_CONTROL_CHARACTERS },
    description:
      'The order. It has no `gift_cards`: the customer applies gift cards on the checkout page, and the session read shows them',
  });

const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour as #rgb or #rrggbb');

/** A host name the document states for an origin: labels of letters and digits, the last one starting with a letter. */
const DOC_LABEL = '[a-z0-9]{1,20}(?:-[a-z0-9]{1,20}){0,2}';
const DOC_PORT = '(?:[1-9]\\d{3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';

/** An `embed_origins` entry: exactly an origin as browsers send it (the domain's one rule, ADR 021). */
const EmbedOrigin = z
  .string()
  .superRefine((entry, ctx) => {
    const problem = embedOriginProblem(entry);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    pattern: `^https?://(?:${DOC_LABEL}\\.)*[a-z][a-z0-9]{0,19}(?:-[a-z0-9]{1,20}){0,2}(?::${DOC_PORT})?$`,
    description:
      'An origin exactly as a browser sends it: http(s)://host[:port], lower case, no path, no trailing slash or dot, no default port. The pattern is the common case; an IP address or an IDN host in its ASCII form is taken too',
  });

/** How the checkout page looks for this merchant (ADR 017): brand colour, page background, light/dark. */
export const CheckoutTheme = z.looseObject({
  primary: HexColor.optional(),
  backdrop: HexColor.optional(),
  secondary: HexColor.optional(),
  color_scheme: z.enum(['light', 'dark', 'auto']).optional(),
});

export const ProviderToggle = z.looseObject({
  enabled: z.boolean(),
  /** Offered only to viewers in these countries (`Viewer-Country` on the view session; ADR 016). */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2'))
    .max(250)
    .optional(),
});

/**
 * A boolean (either customer type), or the public Node SDK's list of the customer types that may give a separate
 * billing address; stored and read back as sent, read by `differentBillingAllowed` (domain/billing-address.ts).
 */
export const DifferentBillingShippingAddress = z
  .union([
    z.boolean(),
    z
      .array(z.enum(['b2c', 'b2b']))
      .max(2)
      .refine((types) => new Set(types).size === types.length, 'must not name a customer type twice')
      .meta({ uniqueItems: true }),
  ])
  .describe(
    'Whether the customer may give a billing address other than the shipping address: true or false for every customer, or the customer types that may (the public SDK\'s form, e.g. ["b2c"]). The checkout serves `default_customer_type` (else b2b when `express.customer_types` is only b2b, else b2c)',
  );

export const Configuration = z.looseObject({
  // A record, not an object: parsing keeps the merchant's key order, which is the order the page offers the types in.
  sandbox: z
    .record(z.string().max(64), ProviderToggle)
    .optional()
    .describe(
      'The sandbox payment types to offer, in this key order: creditcard, invoice, installment, wallet (e.g. {"wallet": {"enabled": true}, "creditcard": {"enabled": true}})',
    ),
  auto_capture: z.boolean().optional(),
  channel: z.enum(['ecommerce', 'in_app', 'in_store']).optional(),
  dynamic_descriptor: SafeText.min(1)
    .max(40)
    .optional()
    .describe("The text on the customer's bank statement, copied onto the session's transactions"),
  default_payment_type: z.string().optional(),
  enable_on_hold: z.boolean().optional(),
  allow_different_billing_shipping_address: DifferentBillingShippingAddress.optional(),
  default_customer_type: z
    .enum(['b2c', 'b2b'])
    .optional()
    .describe('The customer type the checkout starts with when `express.customer_types` offers both'),
  discounts: z.looseObject({ express_discount_codes: z.looseObject({ enabled: z.boolean() }).optional() }).optional(),

  theme: CheckoutTheme.optional(),
  merchant: z.looseObject({ name: z.string().min(1).max(100).optional(), logo_url: HttpUrl.optional() }).optional(),
  /** Kassa's own: the sites that may embed the checkout in an iframe and receive its SDK messages (ADR 021). */
  embed_origins: z
    .array(EmbedOrigin)
    .max(20)
    .optional()
    .describe(
      'Origins allowed to embed the checkout (frame-ancestors, SDK messages), each exactly as browsers send it (http(s)://host[:port], lower case, no path, no default port); none: any site on a test account, the return_url origin on a production one',
    ),
});

/** Every merchant body's order rules: unique item line ids, and no gift cards (only the customer applies those). */
const uniqueLineIds = (
  body: { order: { items?: { line_id: string }[]; gift_cards?: unknown } },
  ctx: z.RefinementCtx,
) => {
  if (body.order.gift_cards !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['order', 'gift_cards'],
      message: 'gift cards are applied by the customer on the checkout page',
    });
  const ids = new Set<string>();
  for (const [i, item] of (body.order.items ?? []).entries()) {
    if (ids.has(item.line_id))
      ctx.addIssue({
        code: 'custom',
        path: ['order', 'items', i, 'line_id'],
        message: 'line_id must be unique among items',
      });
    ids.add(item.line_id);
  }
};

export const Express = z
  .looseObject({
    shipping_options: z.array(ShippingOption).optional(),
    shipping_address_callback_url: HttpUrl.optional(),
    shipping_mode: z.enum(['shipping_required', 'shipping_not_required']).optional(),
    discount_codes: z
      .looseObject({ max_count: z.number().int().min(1).max(100).optional(), callback_url: HttpUrl.optional() })
      .optional(),
    /** The spec's name for the discount codes callback; accepted as an alias of `discount_codes.callback_url`. */
    discount_code_callback_url: HttpUrl.optional(),
    customer_types: z.array(z.enum(['b2c', 'b2b'])).optional(),
  })
  .meta({ id: 'Express' });

/** `platform_type` of the public API: the kind of platform the merchant is. */
export const PLATFORM_TYPES = ['aggregator', 'marketplace'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];
/** A session's payment intent as the public API names it on POST /v1/sessions (and reads it back). */
export const SESSION_PAYMENT_OPERATIONS = [
  'unscheduled_purchase',
  'recurring_purchase',
  'generate_payment_token',
] as const;

const sessionFields = {
  url: SessionUrl,
  order: merchantOrder(Order),
  customer: Customer.optional(),
  express: Express.optional(),
  metadata: Metadata.optional(),
  expires_at: IsoDateTime.optional().describe('When the session expires; must be in the future'),
  platform_type: z.enum(PLATFORM_TYPES).optional(),
};

export const CreateSessionBody = z
  .strictObject({
    ...sessionFields,
    configuration: Configuration.optional(),
    payment_operation: z.enum(SESSION_PAYMENT_OPERATIONS).optional(),
  })
  .superRefine(uniqueLineIds);
export type CreateSessionInput = z.infer<typeof CreateSessionBody>;

export const CreateSessionFromProfileBody = z
  .strictObject({
    ...sessionFields,
    profile_id: SafeString.min(1).max(255),
    url: SessionUrl.partial({ return_url: true }).optional(),
    configuration: Configuration.optional(),
    payment_operation: z.enum(SESSION_PAYMENT_OPERATIONS).optional(),
  })
  .superRefine(uniqueLineIds);
export type CreateSessionFromProfileInput = z.infer<typeof CreateSessionFromProfileBody>;

export const UpdateSessionBody = z
  .strictObject({
    // the public SessionOrderUpdate has no merchant references: absent, the stored ones stay
    order: merchantOrder(Order.extend({ merchant_reference: Order.shape.merchant_reference.optional() })),
    express: Express.optional(),
    remove_lock: z.boolean().optional(),
  })
  .superRefine(uniqueLineIds);
export type UpdateSessionInput = z.infer<typeof UpdateSessionBody>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
export const UpdateSessionQuery = z.object({
  force_shipping_address_callback: booleanQuery.optional(),
  update_without_lock: booleanQuery.optional(),
});

export const IncludeSessionQuery = z.object({
  include_session: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const CreateSessionResponse = z
  .object({
    id: z.string(),
    url: z.string(),
    session: z.lazy(() => SessionSchema).optional(),
  })
  .meta({ id: 'SessionCreated' });

export const SessionEventSchema = z
  .object({
    id: z.string(),
    name: z
      .enum(SESSION_EVENT_NAMES)
      .describe(
        `The public API's names, and Kassa's own: ${KASSA_SESSION_EVENT_NAMES.join(', ')} (server/sessions/session-events.ts says what each means)`,
      ),
    created_at: z.string(),
    request_id: z.string().optional(),
    details: JsonObject.optional(),
    request_headers: RequestHeadersRead.optional(),
  })
  .meta({ id: 'SessionEvent' });

/** The configuration as read: as stored, `embed_origins` too (a session stored before its rule was strict keeps its entries). */
const ConfigurationRead = Configuration.extend({ embed_origins: z.array(z.string()).optional() });

/** The session's metadata as read: the merchant's keys, and `session:profile_id` on a session made from a profile. */
const SessionMetadataRead = z.looseObject({
  'session:profile_id': z.string().optional().describe('The profile the session was made from'),
});

export const SessionSchema = z
  .object({
    id: ResourceId,
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string(),
    /** Merchant-initiated sessions may have no return_url. */
    url: SessionUrl.partial({ return_url: true }),
    order: StoredOrder,
    customer: Customer.optional(),
    configuration: ConfigurationRead,
    express: Express.optional(),
    metadata: SessionMetadataRead.optional(),
    transaction_id: z.string().optional(),
    cancelled_at: z.string().optional(),
    cancelled_by: z.string().optional(),
    payment_operation: z.string().optional(),
    platform_type: z.enum(PLATFORM_TYPES).optional(),
    country: z
      .string()
      .nullable()
      .describe(
        "Where the order ships, else where it is billed (ISO 3166-1 alpha-2, the address's `country`); null when no address names a country",
      ),
    customer_ip: z.string().optional().describe("The customer's address as they last opened the checkout page"),
    user_agent: z
      .string()
      .optional()
      .describe("The customer's browser (User-Agent) as they last opened the checkout page"),
    initiating_system_request_headers: RequestHeadersRead.optional(),
    events: z.array(SessionEventSchema),
  })
  .meta({ id: 'Session' });
export type SessionView = z.infer<typeof SessionSchema>;

export const SessionIdParams = z.object({ session_id: ResourceId });

/** `includes` may repeat (`?includes=a&includes=b`) or be comma-separated. */
export const includesParam = <T extends readonly [string, ...string[]]>(values: T) => manyParam(z.enum(values));

const ViewFlag = z.enum(['true', 'false']);

/**
 * The view options, kept on the redirect to the page: the spec's, and those @dintero/checkout-web-sdk
 * adds to the URL (docs/decisions/009: any other is 400, as on every route).
 */
export const ViewQuery = z.object({
  language: z
    .string()
    .max(16)
    .optional()
    .describe('en, nb (or no), sv, da, fi, de; with or without region; anything else shows English'),
  ui: z.enum(['fullscreen', 'inline', 'modal']).optional(),
  scc: z.string().max(16).optional().describe('SMS confirmation code'),
  show_payment_type: z
    .string()
    .max(500)
    .optional()
    .describe('Comma-separated payment types to show (the session must enable them)'),
  hide_language: ViewFlag.optional(),
  hide_items: ViewFlag.optional(),
  hide_test_message: ViewFlag.optional(),
  sdk: z.string().max(40).optional().describe('The web SDK version (the SDK sends it)'),
  client_side_validation: ViewFlag.optional().describe(
    'The merchant validates the session before payment (the SDK sends it)',
  ),
  role: z.string().max(40).optional().describe('`pop_out_launcher` or `pop_out_payment` (the SDK sends it)'),
  sdk_hostname: z.string().max(255).optional().describe("The embedding page's host name (the SDK may send it)"),
  sdk_not_top_level: ViewFlag.optional().describe('The embedding page is itself in a frame (the SDK may send it)'),
});

export const PaymentMethodSchema = z.object({ payment_product_type: z.string(), name: z.string() });

/** The kind of each offered method, keyed by its `payment_product_type` (a sibling of `payment_methods`, whose items keep their two fields). */
export const PaymentMethodKindsSchema = z
  .record(
    z.string(),
    z
      .enum(PAYMENT_KINDS)
      .describe("What the shopper pays with: the form the page shows (`redirect`: a page of the provider's own)"),
  )
  .describe(
    "The kind of each of `payment_methods`, by its `payment_product_type`: one entry per method, saying which form the page shows for it (card, invoice, installment, wallet, or redirect to the provider's own page)",
  );

/** What the hosted page sees: no callback URL, no metadata, no tokens. */
export const ViewSessionSchema = z
  .object({
    id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string(),
    version: z.string(),
    /** Present on payment-token sessions: the page saves the card instead of charging it. */
    token_provider: z.object({ payment_product_type: z.string(), token_types: z.array(z.string()) }).optional(),
    pay_lock: z.object({ pay_lock_id: z.string() }).optional(),
    url: z.object({ return_url: z.string(), merchant_terms_url: z.string().optional() }),
    order: StoredOrder,
    amount_due: z.number().int(),
    customer: z
      .object({
        email: z.string().optional(),
        phone_number: z.string().optional(),
        first_name: z.string().optional(),
        last_name: z.string().optional(),
        saved_cards: z
          .array(
            z.object({
              payment_token_id: z.string(),
              brand: z.string(),
              masked_pan: z.string(),
              expiry_date: z.string(),
            }),
          )
          .optional(),
      })
      .optional(),
    express: z
      .object({
        shipping_options: z.array(ShippingOption),
        shipping_mode: z.enum(['shipping_required', 'shipping_not_required']),
        shipping_address_callback: z.boolean(),
        discount_codes: z.object({ max_count: z.number().int() }).optional(),
        customer_types: z.array(z.enum(['b2c', 'b2b'])),
      })
      .optional(),
    configuration: z.object({
      payment_methods: z.array(PaymentMethodSchema),
      payment_method_kinds: PaymentMethodKindsSchema,
      merchant: z.object({ id: z.string(), name: z.string(), logo_url: z.string().optional() }),
      theme: z.object({
        primary: z.string().optional(),
        backdrop: z.string().optional(),
        color_scheme: z.enum(['light', 'dark', 'auto']),
      }),
      test_mode: z.boolean(),
      allow_different_billing_shipping_address: z.boolean().optional(),
    }),
  })
  .meta({ id: 'ViewSession' });
/** The page's type of the view session is the domain's; the schema must describe exactly it. */
export type ViewSession = DomainViewSession;
export type ViewSessionMatchesDomain = Expect<Equal<z.infer<typeof ViewSessionSchema>, DomainViewSession>>;

/** Payment-token session: the customer saves a card without being charged. */
export const TokenProvider = z.strictObject({
  payment_product_type: z.literal('sandbox.creditcard'),
  // each tuple exactly: the document says how many items and that no more follow
  token_types: z.union([
    z.tuple([z.literal('payment_token')]).meta({ minItems: 1, items: false }),
    z.tuple([z.literal('payment_token'), z.literal('recurrence_token')]).meta({ minItems: 2, items: false }),
  ]),
});
export const CreatePaymentTokenSessionBody = z.strictObject({
  session: z
    .strictObject({
      ...sessionFields,
      // the public body's order has no amount: the session saves a card and charges nothing
      order: merchantOrder(
        Order.extend({
          amount: z
            .literal(0, { error: 'a payment-token session charges nothing: leave amount out (or send 0)' })
            .default(0),
        }),
      ),
      configuration: Configuration.optional(),
    })
    .superRefine(uniqueLineIds),
  token_provider: TokenProvider,
});
export type CreatePaymentTokenSessionInput = z.infer<typeof CreatePaymentTokenSessionBody>;

/** Merchant-initiated payment with a stored card token (customer not present). */
export const PAYMENT_OPERATIONS = ['unscheduled_purchase', 'recurring_purchase', 'invoice_purchase'] as const;
export const CARD_PAYMENT_OPERATIONS = ['unscheduled_purchase', 'recurring_purchase'] as const;
const StoredCardTokens = z.looseObject({
  'sandbox.creditcard': z
    .looseObject({
      payment_token: z.string().min(1).max(255).optional(),
      recurrence_token: z.string().min(1).max(255).optional(),
    })
    .optional(),
});
/** `payment` by its type: only a card payment declares the `operation` (the public API's card Payment variants). */
const MerchantPayment = z.discriminatedUnion('payment_product_type', [
  z
    .strictObject({
      payment_product_type: z.literal('sandbox.creditcard'),
      operation: z.enum(CARD_PAYMENT_OPERATIONS).optional(),
    })
    .meta({ title: 'Card (a stored card token)' }),
  z
    .strictObject(
      { payment_product_type: z.literal('sandbox.invoice') },
      {
        error: (iss) =>
          iss.code === 'unrecognized_keys' && iss.keys.includes('operation')
            ? 'operation is only for card payment types'
            : undefined,
      },
    )
    .meta({ title: 'Invoice' }),
]);
export const PayMerchantInitiatedBody = z
  .strictObject({
    session: z
      .strictObject({
        ...sessionFields,
        url: SessionUrl.partial({ return_url: true }).optional(),
        customer: Customer.extend({ tokens: StoredCardTokens.optional() }).optional(),
        configuration: Configuration.optional(),
        payment_operation: z.enum(PAYMENT_OPERATIONS).optional(),
      })
      .superRefine(uniqueLineIds),
    payment: MerchantPayment,
  })
  .superRefine((body, ctx) => {
    const operation = 'operation' in body.payment ? body.payment.operation : undefined;
    const sessionOperation = body.session.payment_operation;
    if (operation && sessionOperation && operation !== sessionOperation)
      ctx.addIssue({
        code: 'custom',
        path: ['payment', 'operation'],
        message: `must match session.payment_operation (${sessionOperation})`,
      });
  });
export type PayMerchantInitiatedInput = z.infer<typeof PayMerchantInitiatedBody>;
