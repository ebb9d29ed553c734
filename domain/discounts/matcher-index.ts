/**
 * Matcher lists indexed once, so matching a line costs a few map lookups per item group instead of one test per
 * matcher (issue 24: rules × lines × matchers made 150 rules on 500 lines take most of a second). A matcher
 * constrains up to three fields (id unless ANY_ITEM, barcode, group_id): it is filed under its (id, barcode)
 * pair, absent fields as `undefined`, with either "no group needed" or the groups it needs. A line can only match
 * under (its id or none, its barcode or none): four buckets, each answered by the smallest list index that needs
 * no group or names one of the line's groups. Same answers as `matchesItem`, proven by test/unit/discounts.
 */
import { ANY_ITEM, isWildcard } from './matchers';
import type { ItemMatcher, ReceiptItem } from './types';

interface Bucket {
  /** The smallest list index with a matcher here that needs no group. */
  any: number;
  /** Per group id, the smallest list index with a matcher here that needs that group. */
  groups: Map<string, number>;
}

type Index = Map<string | undefined, Map<string | undefined, Bucket>>;

const NONE = -1;

const build = (lists: readonly (readonly ItemMatcher[])[], skipWildcards = false): Index => {
  const index: Index = new Map();
  lists.forEach((list, n) => {
    for (const m of list) {
      if (skipWildcards && isWildcard(m)) continue;
      const id = m.id === ANY_ITEM ? undefined : m.id;
      let byBarcode = index.get(id);
      if (!byBarcode) index.set(id, (byBarcode = new Map()));
      let bucket = byBarcode.get(m.barcode);
      if (!bucket) byBarcode.set(m.barcode, (bucket = { any: NONE, groups: new Map() }));
      if (m.group_id === undefined) bucket.any = bucket.any === NONE ? n : Math.min(bucket.any, n);
      else if (!bucket.groups.has(m.group_id)) bucket.groups.set(m.group_id, n);
    }
  });
  return index;
};

const better = (best: number, n: number | undefined): number =>
  n === undefined || n === NONE ? best : best === NONE ? n : Math.min(best, n);

const lookup = (index: Index, item: ReceiptItem): number => {
  let best = NONE;
  for (const id of item.id === undefined ? [undefined] : [item.id, undefined]) {
    const byBarcode = index.get(id);
    if (!byBarcode) continue;
    for (const barcode of item.barcode === undefined ? [undefined] : [item.barcode, undefined]) {
      const bucket = byBarcode.get(barcode);
      if (!bucket) continue;
      best = better(best, bucket.any);
      if (bucket.groups.size > 0) for (const g of item.groups ?? []) best = better(best, bucket.groups.get(g.id));
    }
  }
  return best;
};

// Indexes are kept per list object (the engine never changes a rule): built once however many lines are matched.
const firstIndexes = new WeakMap<readonly unknown[], Index>();
const anyIndexes = new WeakMap<readonly ItemMatcher[], Index>();
const namedIndexes = new WeakMap<readonly ItemMatcher[], Index>();

/** The position of the first entry with a matcher in its `items` that matches the item (reward.values), or -1. */
export const firstMatchingEntry = (
  entries: readonly { items: readonly ItemMatcher[] }[],
  item: ReceiptItem,
): number => {
  let index = firstIndexes.get(entries);
  if (!index) firstIndexes.set(entries, (index = build(entries.map((e) => e.items))));
  return lookup(index, item);
};

/** Whether any matcher of the list matches the item (`matchesAny`). */
export const anyMatches = (matchers: readonly ItemMatcher[], item: ReceiptItem): boolean => {
  if (matchers.length === 0) return false;
  let index = anyIndexes.get(matchers);
  if (!index) anyIndexes.set(matchers, (index = build([matchers])));
  return lookup(index, item) !== NONE;
};

/** Whether a matcher of the list that names something (not a wildcard `{}`) matches the item. */
export const anyNamedMatches = (matchers: readonly ItemMatcher[], item: ReceiptItem): boolean => {
  let index = namedIndexes.get(matchers);
  if (!index) namedIndexes.set(matchers, (index = build([matchers], true)));
  return lookup(index, item) !== NONE;
};
