import { z } from 'zod';
import { CURRENCY_EXPONENTS, isCurrencyCode } from '../../domain/currencies';
import { INT32_MAX, minorUnits } from '../../domain/money';
import { NO_CONTROL_CHARACTERS } from './nul-char';

/** Shared zod building blocks. Request bodies are strict at the top level. */
export const AccountId = z.string().regex(/^[PT]\d{8}$/, 'must be T or P followed by 8 digits');
export const ResourceId = z.string().regex(/^[PT]\d{8}\.[1-9A-HJ-NP-Za-km-z]{10,40}$/, 'is not a valid id');

export const Int32Amount = z
  .number({ error: 'must be a number' })
  .int('must be an integer number of minor units')
  .min(0, 'must not be negative')
  .max(INT32_MAX, `must be at most ${INT32_MAX}`);
export const PositiveInt32Amount = Int32Amount.min(1, 'must be at least 1');
/** The same int32 amounts, typed as minor units (domain/money.ts) where the payments module reads them. */
export const MinorUnitsAmount = Int32Amount.transform(minorUnits);
export const PositiveMinorUnitsAmount = PositiveInt32Amount.transform(minorUnits);

/**
 * An integer list filter compared with an int32 column (a transaction's `amount`): outside the column's range it is a
 * 400 naming the parameter, as PostgreSQL cannot compare an integer column with a wider value (it answered 500).
 */
export const Int32Filter = z.coerce
  .number({ error: 'must be an integer' })
  .int('must be an integer')
  .min(-INT32_MAX - 1, `must be at least ${-INT32_MAX - 1}`)
  .max(INT32_MAX, `must be at most ${INT32_MAX}`);

/** A current ISO 4217 code (domain/currencies.ts); lower case is accepted and stored upper-cased (ADR 009). */
export const Currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 code')
  .transform((c) => c.toUpperCase())
  .refine(isCurrencyCode, 'must be a current ISO 4217 currency code')
  .meta({
    id: 'CurrencyCode',
    enum: Object.keys(CURRENCY_EXPONENTS),
    description: 'A current ISO 4217 currency code (lower case is accepted too and stored upper-cased)',
  });

/**
 * Well-formed UTF-16: no unpaired surrogate (U+D800-U+DFFF alone), which neither UTF-8 nor the databases can store,
 * so two distinct ids would collide once stored.
 */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const UNPAIRED_SURROGATE = 'must not contain an unpaired UTF-16 surrogate';

/**
 * Identifiers and references (merchant_reference, line_id, capture_reference, API key names...):
 * no C0 control character (U+0000-U+001F) and no DEL. Add `.min()`/`.max()` where declared.
 */
export const SafeString = z
  .string()
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters (U+0000-U+001F, U+007F)')
  .regex(WELL_FORMED, UNPAIRED_SURROGATE);

/**
 * A client's id of a resource addressed by it in a URL path (order_id, customer_id, card_id, store_id): `.` and `..`
 * are path segments every client and proxy normalizes away, so such a resource could never be addressed.
 */
export const addressableId = <T extends z.ZodString>(schema: T): T =>
  schema.regex(/^(?!\.\.?$)/, 'must not be . or .. (a URL path cannot name it)') as T;

/** Free text (descriptions, reasons): as SafeString, but tab, line feed and carriage return are allowed. */
export const SafeText = z
  .string()
  .regex(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/,
    'must not contain control characters other than tab and line breaks',
  )
  .regex(WELL_FORMED, UNPAIRED_SURROGATE);

/** An item's quantity: positive and at most 1,000,000; decimals allowed (1.5 kg). z.number() refuses Infinity and NaN. */
export const Quantity = z
  .number({ error: 'must be a number' })
  .positive('must be positive')
  .max(1_000_000, 'must be at most 1000000');

export const HttpUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http or https URL');

/**
 * The instants Kassa stores and compares as ISO strings (`toISOString()`): years 0000-9999 in UTC. Outside them
 * the string gets a sign and six year digits (`+010000-01-01T04:00:00.000Z`) and no longer sorts as time does.
 */
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const storableInstant = (ms: number): boolean => !Number.isNaN(ms) && ms >= FIRST_INSTANT && ms <= LAST_INSTANT;
const INSTANT_RANGE = 'must be between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in UTC';

/** Every date-time input: ISO 8601 with an offset (or Z), within the storable range once read in UTC. */
export const IsoDateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
  .refine((v) => storableInstant(Date.parse(v)), INSTANT_RANGE);

/** A free-form object: keys of the client's choosing, without control characters (refused in the dispatcher too). */
export const JsonObject = z.record(SafeString, z.unknown());

/**
 * Merchant metadata on a session (issue 24): capped as public payment APIs of this shape document
 * it, since our spec states no limit: at most 50 keys, each key 1-40 characters, each value at most
 * 500 characters (a string's length, else its JSON text), and 16 KiB of JSON in all. Values may be
 * any JSON (existing merchants send numbers and small objects).
 */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500, totalBytes: 16_384 } as const;
const { keys: MAX_KEYS, keyLength: MAX_KEY, valueLength: MAX_VALUE, totalBytes: MAX_TOTAL } = METADATA_LIMITS;
const METADATA_DOC =
  `Your key/value data, returned to you and never shown to the customer: at most ${MAX_KEYS} keys of 1-${MAX_KEY} characters, ` +
  `each value at most ${MAX_VALUE} characters (a string's length, other JSON values as JSON text), at most ${MAX_TOTAL} bytes as JSON in all`;
const valueLength = (v: unknown): number => (typeof v === 'string' ? v.length : (JSON.stringify(v) ?? '').length);

/** What breaks the caps in a whole metadata object (as stored): one entry per problem, `path` under the object. */
export const metadataProblems = (metadata: Record<string, unknown>): { path: string[]; message: string }[] => {
  const problems: { path: string[]; message: string }[] = [];
  const keys = Object.keys(metadata);
  if (keys.length > MAX_KEYS) problems.push({ path: [], message: `must have at most ${MAX_KEYS} keys` });
  for (const key of keys) {
    if (key.length < 1 || key.length > MAX_KEY)
      problems.push({ path: [key], message: `keys must be 1-${MAX_KEY} characters` });
    if (valueLength(metadata[key]) > MAX_VALUE)
      problems.push({ path: [key], message: `must be at most ${MAX_VALUE} characters` });
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_TOTAL)
    problems.push({ path: [], message: `must be at most ${MAX_TOTAL} bytes as JSON` });
  return problems;
};

const cappedMetadata = <V extends z.ZodType>(value: V) =>
  z
    .record(SafeString.min(1).max(MAX_KEY), value)
    .meta({
      maxProperties: MAX_KEYS,
      propertyNames: { minLength: 1, maxLength: MAX_KEY, pattern: NO_CONTROL_CHARACTERS },
    })
    .superRefine((metadata, ctx) => {
      for (const { path, message } of metadataProblems(metadata as Record<string, unknown>))
        ctx.addIssue({ code: 'custom', path, message });
    });

/** Metadata on sessions, customers, shopping orders (their items and status events). */
export const Metadata = cappedMetadata(z.unknown()).describe(METADATA_DOC);

/**
 * Metadata as an update that merges sends it (a customer's): a key set to null is removed; the caps hold for what is
 * sent and again for the merged result (`metadataProblems`).
 */
export const MetadataPatch = cappedMetadata(z.unknown())
  .nullable()
  .describe(`${METADATA_DOC}; a key set to null is removed, and the caps hold for the merged result too`);

export const ErrorBody = z
  .object({
    error: z
      .object({
        message: z.string(),
        code: z.string().optional(),
        errors: z
          .array(z.object({ path: z.string().optional(), message: z.string(), code: z.string().optional() }))
          .optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Error', description: 'Every error answer: `error.code` is one of a closed set' });

/**
 * A query parameter that may repeat (`?a=1&a=2`) or be comma-separated (`?a=1,2`), each value checked by `item`. The
 * document states it as an array of `item` (form style, one `a=` per value), from the same `item` schema.
 */
export const manyParam = <T extends z.ZodType<string, string>>(item: T) => {
  const { $schema: _, ...items } = z.toJSONSchema(item, { io: 'input', unrepresentable: 'any' });
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((x) => x.split(',')).filter(Boolean))
    .pipe(z.array(item))
    .meta({
      anyOf: undefined,
      type: 'array',
      items,
      description:
        'Repeat the parameter for several values (`?a=x&a=y`); a comma-separated list (`?a=x,y`) is the same',
    })
    .optional();
};

const DATE_FILTER = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const isDateOnly = (value: string): boolean => value.length === 10;

/** The calendar date and clock time exist: 2001-02-30 or 24:00 do not (no silent roll-over into March). */
const isRealDateTime = (value: string): boolean => {
  const m = DATE_FILTER.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] ?? 0) <= 59);
};

/** No offset means UTC. */
const instant = (value: string): number =>
  Date.parse(isDateOnly(value) ? `${value}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);

/**
 * The one schema of every `*.gte` / `*.lte` list filter: an ISO 8601 date or date-time of a real
 * calendar day (a round trip through the calendar refuses 2001-02-30), without offset meaning UTC.
 * It yields the bound as a UTC ISO string; a date-only upper bound includes that whole day.
 */
export const dateFilter = (bound: 'gte' | 'lte') =>
  z
    .string()
    .refine(
      (value) => isRealDateTime(value) && !Number.isNaN(instant(value)),
      'must be an existing ISO 8601 date or date-time (e.g. 2024-02-29 or 2024-02-29T12:00:00Z)',
    )
    .refine(
      (value) => !isRealDateTime(value) || Number.isNaN(instant(value)) || storableInstant(instant(value)),
      INSTANT_RANGE,
    )
    .transform((value) =>
      new Date(instant(value) + (isDateOnly(value) && bound === 'lte' ? 86_400_000 - 1 : 0)).toISOString(),
    )
    .meta({
      pattern: DATE_FILTER.source,
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
      description: `An ISO 8601 date or date-time of a real calendar day (no offset means UTC${bound === 'lte' ? '; a date alone includes that whole day' : ''}), between the years 0000 and 9999`,
    });
