/**
 * Whether a rule can apply to a receipt at all, checked in this order: active, purchase window, discount
 * hours, store, currency, amount thresholds, discount code, customer (stamp cards: stamps.ts).
 */
import { withinHours } from './hours';
import type { Line } from './lines';
import {
  amountsMatch,
  currencyMatches,
  customerMatches,
  discountCodeMatches,
  inPurchaseWindow,
  storeMatches,
} from './receipt-requirements';
import type { DiscountRule, Receipt } from './types';

export const ruleApplies = (rule: DiscountRule, receipt: Receipt, lines: readonly Line[]): boolean => {
  const at = new Date(receipt.purchase_at ?? '');
  if (rule.active === false || Number.isNaN(at.getTime())) return false;
  const req = rule.requirement;
  if (!inPurchaseWindow(req, at)) return false;
  const hours = rule.limitation?.discount_hours;
  if (hours && Array.isArray(hours.hours) && !withinHours(hours, at)) return false;
  return (
    storeMatches(req, receipt) &&
    currencyMatches(req, receipt.currency) &&
    amountsMatch(req, lines) &&
    discountCodeMatches(req, receipt) &&
    customerMatches(req, receipt)
  );
};
