/**
 * Largest-remainder allocation of an amount across lines: each line gets floor(total × weight / Σweight), the
 * units left go one at a time to the largest remainders (ties: lowest line_id). A line never gets more than its
 * cap; what a capped line cannot take is allocated again across the others the same way.
 */
import { share, sum } from './amounts';

export interface AllocationLine {
  line_id: number;
  weight: number;
  cap: number;
}

export const allocate = (total: number, lines: readonly AllocationLine[]): Map<number, number> => {
  const result = new Map<number, number>();
  for (const line of lines) result.set(line.line_id, 0);
  let left = Math.min(total, sum(lines.map((l) => Math.max(l.cap, 0))));
  let open = [...lines].filter((l) => l.cap > 0).sort((a, b) => a.line_id - b.line_id);
  while (left > 0 && open.length > 0) {
    const weights = open.map((l) => Math.max(l.weight, 0));
    const useEqual = sum(weights) === 0;
    const whole = useEqual ? open.length : sum(weights);
    const parts = open.map((l, i) => ({ line: l, ...share(left, useEqual ? 1 : (weights[i] ?? 0), whole) }));
    let given = sum(parts.map((p) => p.floor));
    const byRemainder = [...parts].sort((a, b) =>
      b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.line.line_id - b.line.line_id,
    );
    for (const p of byRemainder) {
      if (given >= left) break;
      p.floor += 1;
      given += 1;
    }
    let spent = 0;
    const next: AllocationLine[] = [];
    for (const p of parts) {
      const already = result.get(p.line.line_id) ?? 0;
      const room = p.line.cap - already;
      const take = Math.min(p.floor, room);
      result.set(p.line.line_id, already + take);
      spent += take;
      if (take < room) next.push(p.line);
    }
    left -= spent;
    if (spent === 0) break;
    open = next;
  }
  return result;
};
