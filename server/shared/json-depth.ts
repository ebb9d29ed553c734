/** The deepest nesting of objects and arrays a request body may have (ADR 009). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` (a JSON.parse result) nests objects/arrays more than `max` levels deep.
 * Iterative, with an explicit stack, so a 100,000-deep value cannot overflow the call stack.
 * `{}` and `[]` are depth 1; scalars are depth 0.
 */
export const jsonDepthExceeds = (value: unknown, max: number = MAX_JSON_DEPTH): boolean => {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
};
