import { AppError } from '../errors/app-error';

/**
 * Where a request value holds U+0000 (`a.b.0`, '' for the value itself), or undefined. Iterative,
 * like json-depth.ts. PostgreSQL text cannot store U+0000 (a 500 there, stored as-is on SQLite), and
 * no field of the API means it: a request carrying it anywhere is refused on both engines (ADR 009).
 */
export const findNul = (value: unknown): string | undefined => {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path;
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return at;
        stack.push([v, at]);
      }
    }
  }
  return undefined;
};

/** Throws 400 INVALID_REQUEST naming `part.<path>` when `value` holds U+0000. */
export const refuseNul = (value: unknown, part: string): void => {
  const at = findNul(value);
  if (at === undefined) return;
  const path = [part, at].filter(Boolean).join('.') || undefined;
  throw new AppError('INVALID_REQUEST', 'The request is not valid', {
    errors: [{ path, message: 'must not contain U+0000', code: 'invalid_format' }],
  });
};

/** A key's control characters (U+0000-U+001F, U+007F): no field name means one, in any object of a body. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** The document's `propertyNames` of every object that takes keys of the client's choosing (openapi.ts). */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

/** Where an object of the value has a key holding a control character (`a.b`), or undefined. Iterative. */
export const findControlKey = (value: unknown): string | undefined => {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    for (const [k, v] of Object.entries(node)) {
      const at = path ? `${path}.${k}` : k;
      if (!Array.isArray(node) && CONTROL_CHARACTER.test(k)) return at;
      stack.push([v, at]);
    }
  }
  return undefined;
};

/**
 * Throws 400 INVALID_REQUEST naming the key when an object of the body has a key with a control character: the
 * document states it as `propertyNames` of every object that takes keys of the client's choosing (issue 37 item 20).
 */
export const refuseControlKeys = (value: unknown): void => {
  const at = findControlKey(value);
  if (at === undefined) return;
  throw new AppError('INVALID_REQUEST', 'The request is not valid', {
    errors: [
      { path: at, message: 'keys must not contain control characters (U+0000-U+001F, U+007F)', code: 'invalid_key' },
    ],
  });
};
