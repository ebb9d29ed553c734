/**
 * Writes the applied rules onto the receipt: a discount line (or bonus line) per rule on each line it reduced,
 * `is_changed` on those items and the receipt, and in `discounts` each applied rule with its ref (amount, bonus,
 * usage, per-line items, and for discount_debit the unused value as statistics.debit_balance).
 */
import { lineIdOf } from './lines';
import type { Applied } from './sequence';
import { stampCount, stampsNeeded } from './stamps';
import type { AppliedDiscount, BonusLine, DiscountLine, EngineContext, Receipt, ReceiptItem, Steps } from './types';

const percentTypes = new Set(['discount_percent', 'discount_item_percent']);

/** The applied rules that reduced each line, in the order they were applied (indexed once: not rules × lines). */
const byLine = (applied: readonly Applied[]): Map<number, Applied[]> => {
  const out = new Map<number, Applied[]>();
  for (const a of applied) {
    for (const [lineId, amount] of a.lines) {
      if (amount <= 0) continue;
      const list = out.get(lineId);
      if (list) list.push(a);
      else out.set(lineId, [a]);
    }
  }
  return out;
};

/**
 * One discount (or bonus) line: `amount` or `bonus` first, then percentage for percent rewards, as the API shows it.
 * Written as literals, not spreads: there is one per rule and line, and spreading made it the engine's hottest code.
 */
const lineFor = (a: Applied, lineId: number): DiscountLine | BonusLine => {
  const value = a.lines.get(lineId) ?? 0;
  const id = a.rule.id;
  const description = a.rule.receipt_text ?? a.rule.name ?? id;
  if (percentTypes.has(a.rule.reward.type)) {
    const percentage = a.rule.reward.value;
    return a.bonus
      ? { bonus: value, percentage, discount_type: 'customer', discount_id: id, description, line_id: lineId }
      : { amount: value, percentage, discount_type: 'customer', discount_id: id, description, line_id: lineId };
  }
  return a.bonus
    ? { bonus: value, discount_type: 'customer', discount_id: id, description, line_id: lineId }
    : { amount: value, discount_type: 'customer', discount_id: id, description, line_id: lineId };
};

/** A step per item written (see `Steps`). */
export function* writeDiscounts(receipt: Receipt, applied: readonly Applied[], context: EngineContext): Steps<Receipt> {
  if (applied.length === 0) return receipt;
  const perLine = byLine(applied);
  const items: ReceiptItem[] = [];
  for (const [index, item] of (receipt.items ?? []).entries()) {
    const lineId = lineIdOf(item, index);
    const mine = perLine.get(lineId);
    if (!mine) {
      items.push(item);
      continue;
    }
    yield;
    const discounts = mine.filter((a) => !a.bonus).map((a) => lineFor(a, lineId) as DiscountLine);
    const bonuses = mine.filter((a) => a.bonus).map((a) => lineFor(a, lineId) as BonusLine);
    items.push({
      ...item,
      is_changed: true,
      discount_lines: [...(item.discount_lines ?? []), ...discounts],
      bonus_lines: [...(item.bonus_lines ?? []), ...bonuses],
    });
  }
  const discounts: AppliedDiscount[] = [];
  for (const a of applied) {
    yield;
    const amount = a.bonus ? 0 : a.total;
    const bonus = a.bonus ? a.total : 0;
    const refItems = [...a.lines.entries()]
      .filter(([, v]) => v > 0)
      .sort((x, y) => x[0] - y[0])
      .map(([line_id, v]) => ({ line_id, amount: a.bonus ? 0 : v, bonus: a.bonus ? v : 0 }));
    const debit = a.rule.reward.type === 'discount_debit' ? { debit_balance: a.unused } : {};
    const stamp = stampsNeeded(a.rule) > 0 ? { stamp: stampCount(a.rule, context) } : undefined;
    const ref = {
      id: context.refIds?.[a.rule.id] ?? a.rule.id,
      ...(stamp ? { stamp: 0 } : {}),
      amount,
      bonus,
      usage: a.usage,
      items: refItems,
      statistics: { amount, bonus, usage: a.usage, ...debit, ...stamp },
    };
    discounts.push({ ...a.rule, refs: [ref] });
  }
  return { ...receipt, is_changed: true, items, discounts: [...(receipt.discounts ?? []), ...discounts] };
}
