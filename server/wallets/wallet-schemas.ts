import { z } from 'zod';
import {
  AccountId,
  addressableId,
  Currency,
  IsoDateTime,
  JsonObject,
  PositiveInt32Amount,
  SafeString,
  SafeText,
} from '../shared/schemas';
import { MIN_TOKEN_BITS, TOKEN_LENGTH } from './token-format';
import { PIN_PATTERN } from './token-pin';
import { TOKEN_VALUE_MAX } from './wallet-tokens';

const RESERVED_METADATA = /^(kassa|dintero)_/i;

/** Metadata: any JSON object, but keys starting with `kassa_` or `dintero_` are the service's own. */
export const WalletMetadata = JsonObject.superRefine((metadata, ctx) => {
  for (const key of Object.keys(metadata)) {
    if (RESERVED_METADATA.test(key))
      ctx.addIssue({ code: 'custom', path: [key], message: 'keys starting with kassa_ or dintero_ are reserved' });
  }
});

const Identifier = addressableId(
  SafeString.min(1)
    .max(255)
    .regex(/^\S(.*\S)?$/, 'must not start or end with spaces'),
);

export const CardIdParams = z.object({ aid: AccountId, card_id: Identifier });
export const AccountParams = z.object({ aid: AccountId });

export const CardBody = z
  .strictObject({
    card_id: Identifier.optional(),
    customer_id: Identifier.optional(),
    name: SafeText.min(1).max(255).optional(),
    currency: Currency,
    /** The initial balance: the card's first ledger entry (a fund). */
    amount: PositiveInt32Amount.optional(),
    metadata: WalletMetadata.optional(),
    active_from: IsoDateTime.optional(),
    expires_at: IsoDateTime.optional(),
  })
  .refine((b) => !b.active_from || !b.expires_at || Date.parse(b.expires_at) > Date.parse(b.active_from), {
    path: ['expires_at'],
    message: 'must be after active_from',
  });
export type CardInput = z.infer<typeof CardBody>;

export const MaskedToken = z.object({
  id: z.string(),
  ref_id: z.string(),
  masked_code: z.string(),
  expires_at: z.string(),
  expires_after_transaction: z.boolean(),
  used_at: z.string().optional(),
});

export const CardSchema = z.object({
  id: z.string(),
  card_id: z.string(),
  customer_id: z.string().optional(),
  name: z.string().optional(),
  currency: z.string(),
  /** The balance (the sum of the card's ledger). */
  amount: z.number().int(),
  amount_balance: z.number().int(),
  amount_available: z.number().int(),
  metadata: JsonObject,
  active_from: z.string().optional(),
  expires_at: z.string().optional(),
  created_at: z.string(),
  created_by: z.string(),
});
export type CardView = z.infer<typeof CardSchema>;
export const CardDetailsSchema = CardSchema.extend({ tokens: z.array(MaskedToken) });
export type CardDetailsView = z.infer<typeof CardDetailsSchema>;

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(255).optional(),
});
export type ListInput = z.infer<typeof ListQuery>;

const transactionFields = {
  ref_id: Identifier,
  amount: PositiveInt32Amount,
  currency: Currency,
  type: z.enum(['drawdown', 'fund']).default('drawdown'),
  metadata: WalletMetadata.optional(),
};
const EXACTLY_ONE_TARGET = 'give exactly one of card_id and token';
const givesOneTarget = (input: unknown): boolean =>
  typeof input === 'object' && input !== null && ('card_id' in input ? !('token' in input) : 'token' in input);

/** The card is named by exactly one of `card_id` and `token`: the document states it as two exclusive shapes. */
export const TransactionBody = z.union(
  [
    z.strictObject({ card_id: Identifier, ...transactionFields }).describe('By card_id'),
    z.strictObject({ token: SafeString.min(1).max(TOKEN_VALUE_MAX), ...transactionFields }).describe('By token'),
  ],
  { error: (iss) => (iss.code === 'invalid_union' && !givesOneTarget(iss.input) ? EXACTLY_ONE_TARGET : undefined) },
);
export type TransactionInput = z.infer<typeof TransactionBody>;

export const WalletTransactionSchema = z.object({
  id: z.string(),
  card_id: z.string(),
  ref_id: z.string(),
  type: z.enum(['drawdown', 'fund']),
  amount: z.number().int(),
  currency: z.string(),
  /** The card's balance right after this entry. */
  balance_after: z.number().int(),
  masked_token: z.string().optional(),
  /** The checkout transaction this drawdown paid (gift card payments). */
  transaction_id: z.string().optional(),
  metadata: JsonObject,
  created_at: z.string(),
  created_by: z.string(),
});
export type WalletTransactionView = z.infer<typeof WalletTransactionSchema>;

const TOKEN_LENGTH_RULE =
  `must be between ${TOKEN_LENGTH.min} and ${TOKEN_LENGTH.max}: a token needs ${MIN_TOKEN_BITS} random bits, ` +
  `${TOKEN_LENGTH.min} characters with every class`;

export const TokenFormat = z.strictObject({
  length: z
    .number()
    .int()
    .min(TOKEN_LENGTH.min, TOKEN_LENGTH_RULE)
    .max(TOKEN_LENGTH.max, TOKEN_LENGTH_RULE)
    .optional()
    .describe(
      `Characters after the prefix (default 36). With fewer character classes a token needs more of them for ${MIN_TOKEN_BITS} ` +
        'random bits (numbers only: 20, letters only: 12, symbols only: 17); shorter is 400 WALLET_TOKEN_FORMAT_INVALID',
    ),
  prefix: SafeString.max(64)
    .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without spaces')
    .optional(),
  symbols: z.boolean().optional(),
  numbers: z.boolean().optional(),
  characters: z.boolean().optional(),
  barcode: z.boolean().optional(),
});
export type TokenFormatInput = z.infer<typeof TokenFormat>;

export const TokenBody = z.strictObject({
  ref_id: Identifier,
  expires_in: z.number().int('must be an integer number of seconds').min(1, 'must be at least 1').max(2_147_483_647),
  expires_after_transaction: z.boolean().default(true),
  format: TokenFormat.optional(),
  metadata: WalletMetadata.optional(),
  /** The PIN the customer gives with the token at checkout (4 to 12 digits); left out, Kassa generates one and answers it once (ADR 030). */
  pin: z.string().regex(PIN_PATTERN, 'must be 4 to 12 digits').optional(),
});
export type TokenInput = z.infer<typeof TokenBody>;

export const TokenSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  ref_id: z.string(),
  card_id: z.string(),
  expires_in: z.number().int(),
  expires_at: z.string(),
  expires_after_transaction: z.boolean(),
  format: z.object({
    length: z.number().int(),
    prefix: z.string(),
    symbols: z.boolean().optional(),
    numbers: z.boolean().optional(),
    characters: z.boolean().optional(),
    barcode: z.boolean(),
  }),
  metadata: JsonObject,
  token: z.object({ value: z.string(), barcode_128: z.string().optional() }),
  /** The PIN Kassa generated: only in the answer that created the token (never stored in clear, never answered again). */
  pin: z.object({ value: z.string() }).optional(),
});
export type TokenView = z.infer<typeof TokenSchema>;
export type StoredTokenFormat = TokenView['format'];
