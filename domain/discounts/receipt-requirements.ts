/**
 * Receipt-wide requirements of a rule (everything but items): purchase window, store, currency, amount
 * thresholds, discount codes, customer (stamps: stamps.ts). Each returns true when the requirement is absent.
 */
import type { Line } from './lines';
import type { Receipt, Requirement } from './types';

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const same = (a: unknown, b: unknown): boolean => String(a).toLowerCase() === String(b).toLowerCase();

/** purchase_from ≤ purchase_at < purchase_to. */
export const inPurchaseWindow = (req: Requirement, purchaseAt: Date): boolean => {
  const from = Date.parse(req.purchase_from);
  const to = Date.parse(req.purchase_to);
  const at = purchaseAt.getTime();
  return !Number.isNaN(from) && !Number.isNaN(to) && at >= from && at < to;
};

export const storeMatches = (req: Requirement, receipt: Receipt): boolean => {
  const store = receipt.store ?? {};
  if (req.store_ids && req.store_ids.length > 0 && !req.store_ids.includes(String(store.id ?? ''))) return false;
  for (const [key, accepted] of Object.entries(req.store ?? {})) {
    if (key === 'mcc_ranges') {
      const mcc = Number(store.mcc);
      const ranges = listOf(accepted) as { start: number | string; end: number | string }[];
      if (ranges.length > 0 && !ranges.some((r) => mcc >= Number(r.start) && mcc <= Number(r.end))) return false;
    } else if (key === 'address') {
      const address = (store.address ?? {}) as Record<string, unknown>;
      for (const [field, values] of Object.entries((accepted ?? {}) as Record<string, unknown>)) {
        if (listOf(values).length > 0 && !listOf(values).some((v) => same(v, address[field]))) return false;
      }
    } else if (listOf(accepted).length > 0 && !listOf(accepted).some((v) => same(v, store[key]))) return false;
  }
  return true;
};

/** A list of codes, or [{"anything-but": [...]}]: every entry must accept the receipt's currency. */
export const currencyMatches = (req: Requirement, currency: string | undefined): boolean => {
  if (!req.currencies || req.currencies.length === 0) return true;
  const c = (currency ?? '').toUpperCase();
  const plain = req.currencies.filter((x): x is string => typeof x === 'string').map((x) => x.toUpperCase());
  const excluded = req.currencies
    .flatMap((x) => (typeof x === 'string' ? [] : x['anything-but']))
    .map((x) => x.toUpperCase());
  if (plain.length > 0 && !plain.includes(c)) return false;
  return !excluded.includes(c);
};

/** gross_amount / net_amount minimums, against the items that are not voided (returns count negative). */
export const amountsMatch = (req: Requirement, lines: readonly Line[]): boolean => {
  const live = lines.filter((l) => l.item.voided !== true);
  const gross = live.reduce((a, l) => a + l.gross, 0);
  const net = live.reduce((a, l) => a + l.gross - l.existing, 0);
  return gross >= (req.gross_amount ?? 0) && net >= (req.net_amount ?? 0);
};

/** Codes compare without case; a code may also be given as an item id. */
export const discountCodeMatches = (req: Requirement, receipt: Receipt): boolean => {
  const wanted = listOf(req.discount_code).map(String);
  if (wanted.length === 0) return true;
  const given = givenCodes(receipt);
  return wanted.some((w) => given.has(w.toLowerCase()));
};

const codesOf = new WeakMap<Receipt, Set<string>>();

/** The receipt's codes and item ids, lower-cased, collected once per receipt (not once per rule and code). */
const givenCodes = (receipt: Receipt): Set<string> => {
  let codes = codesOf.get(receipt);
  if (!codes) {
    const given = [
      ...(receipt.discount_code ?? []),
      ...(receipt.items ?? []).filter((i) => i.voided !== true).map((i) => i.id ?? ''),
    ];
    codesOf.set(receipt, (codes = new Set(given.map((g) => String(g).toLowerCase()))));
  }
  return codes;
};

const customerFieldMatches = (accepted: unknown, actual: unknown): boolean => {
  const values = listOf(accepted);
  if (values.length === 0) return true;
  if (actual && typeof actual === 'object' && !Array.isArray(actual)) {
    const record = actual as Record<string, unknown>;
    return values.some(
      (v) =>
        v &&
        typeof v === 'object' &&
        Object.entries(v as Record<string, unknown>).every(([k, x]) => same(x, record[k])),
    );
  }
  return values.some((v) => same(v, actual));
};

/** Every named customer field must hold an accepted value; attributes per key; addresses: any address matches. */
export const customerMatches = (req: Requirement, receipt: Receipt): boolean => {
  const matchers = req.customer ?? {};
  if (Object.keys(matchers).length === 0) return true;
  const customer = receipt.customer ?? {};
  for (const [key, accepted] of Object.entries(matchers)) {
    if (key === 'attributes') {
      const attrs = (customer.attributes ?? {}) as Record<string, unknown>;
      for (const [name, values] of Object.entries((accepted ?? {}) as Record<string, unknown>)) {
        if (!customerFieldMatches(values, attrs[name])) return false;
      }
    } else if (key === 'addresses') {
      const addresses = listOf(customer.addresses) as Record<string, unknown>[];
      const wanted = listOf(accepted) as Record<string, unknown>[];
      if (
        wanted.length > 0 &&
        !wanted.some((w) => addresses.some((a) => Object.entries(w).every(([k, v]) => same(v, a[k]))))
      )
        return false;
    } else if (key === 'term') {
      const ids = listOf((accepted as { id?: unknown } | undefined)?.id);
      const term = (customer.term ?? {}) as Record<string, unknown>;
      if (ids.length > 0 && !ids.some((id) => same(id, term.id))) return false;
    } else if (!customerFieldMatches(accepted, customer[key])) return false;
  }
  return true;
};
