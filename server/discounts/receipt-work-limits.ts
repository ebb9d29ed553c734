import { AppError } from '../errors/app-error';

/**
 * How much work one available_for_receipt may ask for (issue 24 item 5, ADR 031): the engine's work and the answer's
 * size grow with the rules evaluated × the receipt's items. The rules counted are those the receipt could get: given
 * to its customer (or `*`, or `/` without customer), active, not deleted, with purchase_at in their purchase window.
 * A rule's own size is bounded when it is written (MAX_RULE_MATCHERS in discount-schemas.ts).
 */
export const MAX_RULE_ITEM_PAIRS = 50_000;
export const MAX_RULES_PER_RECEIPT = 200;

/** The most rules a receipt of `items` items may be evaluated against. */
export const rulesAllowed = (items: number): number =>
  Math.min(MAX_RULES_PER_RECEIPT, Math.floor(MAX_RULE_ITEM_PAIRS / Math.max(items, 1)));

/** 400 naming the limit, the rules found and what the receipt could send instead. */
export const tooMuchWork = (items: number, rules: number): AppError => {
  const byCount = rules > MAX_RULES_PER_RECEIPT;
  const fewerItems = Math.floor(MAX_RULE_ITEM_PAIRS / rules);
  const message = byCount
    ? `More than ${MAX_RULES_PER_RECEIPT} discount rules could apply to this receipt; at most ${MAX_RULES_PER_RECEIPT} are evaluated for one receipt`
    : `This receipt's ${items} items × ${rules} or more discount rules that could apply is more than ${MAX_RULE_ITEM_PAIRS} rule-item pairs`;
  const detail = byCount
    ? {
        path: 'customer_id',
        message: `more than ${MAX_RULES_PER_RECEIPT} active rules are given to this customer for purchase_at`,
      }
    : {
        path: 'items',
        message: `at most ${fewerItems} items with ${rules} or more rules (${MAX_RULE_ITEM_PAIRS} rule-item pairs)`,
      };
  return new AppError('INVALID_REQUEST', message, { errors: [{ ...detail, code: 'too_big' }] });
};
