/** Choosing units across lines (most or least expensive first, ties by line_id) and the amount of k of n units. */
import { share } from './amounts';
import type { Line } from './lines';

/** The amount of k of a line's n units: floor(amount × k / n), the whole amount when k = n. */
export const amountOfUnits = (amount: number, k: number, n: number): number =>
  k >= n ? amount : k <= 0 ? 0 : share(amount, k, n).floor;

export const selectUnits = (
  lines: readonly Line[],
  count: number,
  order: 'desc' | 'asc',
  price: (l: Line) => number,
  available: (l: Line) => number = (l) => l.units,
): Map<number, number> => {
  const sorted = [...lines].sort((a, b) => {
    const pa = price(a) / a.units;
    const pb = price(b) / b.units;
    if (pa !== pb) return order === 'desc' ? pb - pa : pa - pb;
    return a.line_id - b.line_id;
  });
  const picked = new Map<number, number>();
  let left = count;
  for (const l of sorted) {
    if (left <= 0) break;
    const take = Math.min(available(l), left);
    if (take > 0) picked.set(l.line_id, take);
    left -= take;
  }
  return picked;
};
