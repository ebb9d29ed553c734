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
