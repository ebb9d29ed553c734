import type { Steps } from '../../domain/discounts';

/**
 * JSON.stringify of an answered receipt, in steps (run by run-in-slices.ts): `items` and `discounts` are written an
 * element per step, every other field at once, so a receipt of many lines and rules never serialises in one block
 * (ADR 031). The text is exactly JSON.stringify's (same keys, order and spacing; undefined fields left out).
 */
const ARRAYS = new Set(['items', 'discounts']);

export function* receiptJson(receipt: Record<string, unknown>): Steps<string> {
  let text = ''; // appended piece by piece (V8 joins the pieces lazily), never one join of the whole answer
  for (const [key, value] of Object.entries(receipt)) {
    if (ARRAYS.has(key) && Array.isArray(value)) {
      text += `${text ? ',' : ''}${JSON.stringify(key)}:[`;
      let first = true;
      for (const element of value as unknown[]) {
        text += `${first ? '' : ','}${JSON.stringify(element) ?? 'null'}`;
        first = false;
        yield;
      }
      text += ']';
      continue;
    }
    const json = JSON.stringify(value);
    if (json !== undefined) text += `${text ? ',' : ''}${JSON.stringify(key)}:${json}`;
    yield;
  }
  return `{${text}}`;
}
