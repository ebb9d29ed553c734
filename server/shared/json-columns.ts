import type { z } from 'zod';

/**
 * JSON columns are text in both engines; these helpers are the only (de)serialisers, and only the
 * aggregate mappers (`session-record.ts`, `transaction-record.ts`, `operation-record.ts`,
 * `profile-repository.ts`, `idempotency-store.ts`, ...) call the parsers, once per column.
 *
 * Trust boundary (ADR 014): a JSON column holds what Kassa itself wrote, from input the route's zod
 * schema already validated or from values Kassa built. `parseJson<T>` states the type without
 * checking it again: a zod parse of every column on every read would be CPU on the hot path
 * (`GET /v1/sessions/{id}`) for data that cannot be anything else. Where a column is money state,
 * or could hold an older shape after a migration, the mapper uses `parseJsonWith(schema, text)`.
 */
export const toJson = (value: unknown): string => JSON.stringify(value);

/** Data Kassa wrote (see the trust boundary above); the one unchecked cast of stored JSON. */
export const parseJson = <T>(text: string): T => JSON.parse(text) as T; // trusted: written by Kassa from validated input

/** `parseJson` of a nullable column: null stays undefined. */
export const parseOptionalJson = <T>(text: string | null | undefined): T | undefined =>
  text == null ? undefined : parseJson<T>(text);

/** Checked parse, for stored data whose shape matters more than the microseconds (money state, migrated rows). */
export const parseJsonWith = <S extends z.ZodType>(schema: S, text: string): z.output<S> =>
  schema.parse(JSON.parse(text));
