/** Item matchers ({id?, group_id?, barcode?}): every given field must match; `ANY_ITEM` matches any item. */
import type { ItemMatcher, ReceiptItem } from './types';

export const ANY_ITEM = 'ANY_ITEM';

export const matchesItem = (matcher: ItemMatcher, item: ReceiptItem): boolean => {
  if (matcher.id === undefined && matcher.group_id === undefined && matcher.barcode === undefined) return true;
  if (matcher.id !== undefined && matcher.id !== ANY_ITEM && matcher.id !== item.id) return false;
  if (matcher.group_id !== undefined && !(item.groups ?? []).some((g) => g.id === matcher.group_id)) return false;
  if (matcher.barcode !== undefined && matcher.barcode !== item.barcode) return false;
  return true;
};

export const matchesAny = (matchers: readonly ItemMatcher[], item: ReceiptItem): boolean =>
  matchers.some((m) => matchesItem(m, item));

/** A wildcard matcher names nothing at all ({}): a rule with only those is receipt-level. */
export const isWildcard = (matcher: ItemMatcher): boolean =>
  matcher.id === undefined && matcher.group_id === undefined && matcher.barcode === undefined;
