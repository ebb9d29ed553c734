/**
 * Writes the applied rules onto the receipt: a discount line (or bonus line) per rule on each line it reduced,
 * `is_changed` on those items and the receipt, and in `discounts` each applied rule with its ref (amount, bonus,
 * usage, per-line items, and for discount_debit the unused value as statistics.debit_balance).
 */
import { lineIdOf } from './lines';
import type { Applied } from './sequence';
import { stampCount, stampsNeeded } from './stamps';
import type { AppliedDiscount, EngineContext, Receipt } from './types';

const percentTypes = new Set(['discount_percent', 'discount_item_percent']);

export const writeDiscounts = (receipt: Receipt, applied: readonly Applied[], context: EngineContext): Receipt => {
  if (applied.length === 0) return receipt;
  const items = (receipt.items ?? []).map((item, index) => {
    const lineId = lineIdOf(item, index);
    const mine = applied.filter((a) => (a.lines.get(lineId) ?? 0) > 0);
    if (mine.length === 0) return item;
    const describe = (a: Applied) => ({
      ...(percentTypes.has(a.rule.reward.type) ? { percentage: a.rule.reward.value } : {}),
      discount_type: 'customer',
      discount_id: a.rule.id,
      description: a.rule.receipt_text ?? a.rule.name ?? a.rule.id,
      line_id: lineId,
    });
    const discounts = mine.filter((a) => !a.bonus).map((a) => ({ amount: a.lines.get(lineId) ?? 0, ...describe(a) }));
    const bonuses = mine.filter((a) => a.bonus).map((a) => ({ bonus: a.lines.get(lineId) ?? 0, ...describe(a) }));
    return { ...item, is_changed: true, discount_lines: [...(item.discount_lines ?? []), ...discounts], bonus_lines: [...(item.bonus_lines ?? []), ...bonuses] };
  });
  const discounts: AppliedDiscount[] = applied.map((a) => {
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
    return { ...a.rule, refs: [ref] };
  });
  return { ...receipt, is_changed: true, items, discounts: [...(receipt.discounts ?? []), ...discounts] };
};
