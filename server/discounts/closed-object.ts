import { z } from 'zod';

/**
 * A field no receipt schema declares: refused at its own path (`items.0.bogus`), one entry per field, where a zod
 * strict object would name only the object that holds it (`items.0`, or no path at all for the receipt itself).
 */
const notAField = z.unknown().superRefine((_value, ctx) => {
  ctx.addIssue({
    code: 'unrecognized_keys',
    keys: [],
    message: 'is not a field of the receipt (GET /v1/openapi.json lists them)',
  });
});

/**
 * An object of exactly these fields (issue 27 item 9): any other field is 400 naming it. The OpenAPI document shows
 * it as `additionalProperties: false`, as a strict object.
 */
export const closedObject = <S extends z.ZodRawShape>(shape: S) =>
  z.object(shape).catchall(notAField).meta({ additionalProperties: false });
