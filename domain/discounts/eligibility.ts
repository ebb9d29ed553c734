/**
 * Which lines a rule may discount: never excluded lines (eligible_for_discount false, voided, returns, no
 * positive gross), never blacklisted items, and per limitation.discount_eligible:
 *   item_eligible_for_discount (default): every other line;
 *   item_eligible_for_discount_no_discount: only lines without a manual discount;
 *   receipt_no_discount: no line at all when any line carries a manual discount.
 */
import type { Line } from './lines';
import { anyMatches } from './matcher-index';
import type { DiscountRule } from './types';

export const eligibleLines = (rule: DiscountRule, lines: readonly Line[]): Line[] => {
  const blacklist = rule.limitation?.blacklist ?? [];
  const mode = rule.limitation?.discount_eligible ?? 'item_eligible_for_discount';
  if (mode === 'receipt_no_discount' && lines.some((l) => l.item.voided !== true && l.existing > 0)) return [];
  return lines.filter(
    (l) =>
      !l.excluded &&
      !(blacklist.length > 0 && anyMatches(blacklist, l.item)) &&
      !(mode === 'item_eligible_for_discount_no_discount' && l.existing > 0),
  );
};
