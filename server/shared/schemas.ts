import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';

/** Shared zod building blocks. Request bodies are strict at the top level. */
export const AccountId = z.string().regex(/^[PT]\d{8}$/, 'must be T or P followed by 8 digits');
export const ResourceId = z.string().regex(/^[PT]\d{8}\.[1-9A-HJ-NP-Za-km-z]{10,40}$/, 'is not a valid id');

export const Int32Amount = z
  .number({ error: 'must be a number' })
  .int('must be an integer number of minor units')
  .min(0, 'must not be negative')
  .max(INT32_MAX, `must be at most ${INT32_MAX}`);
export const PositiveInt32Amount = Int32Amount.min(1, 'must be at least 1');

export const Currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 code')
  .transform((c) => c.toUpperCase());

export const HttpUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http or https URL');

export const IsoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export const JsonObject = z.record(z.string(), z.unknown());

export const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string().optional(), message: z.string(), code: z.string().optional() })).optional(),
  }).catchall(z.unknown()),
});

/** A query parameter that may repeat (`?a=1&a=2`) or be comma-separated (`?a=1,2`), each value checked by `item`. */
export const manyParam = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((x) => x.split(',')).filter(Boolean))
    .pipe(z.array(item))
    .optional();
