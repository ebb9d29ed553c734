/**
 * Receipt totals from the items (voided items count for nothing): item net = gross − its discount lines;
 * receipt gross/net = sums over the items; total_discount = gross − net; amount_due = net + round_off_to_coin;
 * every `_dwh` twin is the amount as a decimal string in the currency's exponent.
 */
import { sum, toDwh } from './amounts';
import type { Receipt, ReceiptItem, Steps } from './types';

export const withItemTotals = (item: ReceiptItem, currency: string | undefined): ReceiptItem => {
  const gross = Math.trunc(item.gross_amount ?? 0);
  const net = gross - sum((item.discount_lines ?? []).map((l) => Math.trunc(l.amount ?? 0)));
  return {
    ...item,
    gross_amount: gross,
    net_amount: net,
    gross_amount_dwh: toDwh(gross, currency),
    net_amount_dwh: toDwh(net, currency),
  };
};

/** A step per item (see `Steps`). */
export function* withReceiptTotals(receipt: Receipt): Steps<Receipt> {
  const items: ReceiptItem[] = [];
  for (const item of receipt.items ?? []) {
    yield;
    items.push(withItemTotals(item, receipt.currency));
  }
  const live = items.filter((i) => i.voided !== true);
  const gross = sum(live.map((i) => i.gross_amount ?? 0));
  const net = sum(live.map((i) => i.net_amount ?? 0));
  const due = net + Math.trunc(receipt.round_off_to_coin ?? 0);
  return {
    ...receipt,
    items,
    gross_amount: gross,
    net_amount: net,
    total_discount: gross - net,
    amount_due: due,
    gross_amount_dwh: toDwh(gross, receipt.currency),
    net_amount_dwh: toDwh(net, receipt.currency),
    amount_due_dwh: toDwh(due, receipt.currency),
  };
}
