import type { DiscountRule, Limitation, Receipt, ReceiptItem, Requirement, Reward } from '../../../domain/discounts';

export const FROM = '2026-01-01T00:00:00.000Z';
export const TO = '2027-01-01T00:00:00.000Z';

export const item = (line_id: number, id: string, gross: number, extra: Partial<ReceiptItem> = {}): ReceiptItem => ({
  line_id,
  id,
  gross_amount: gross,
  quantity: 1,
  ...extra,
});

export const receipt = (items: ReceiptItem[], extra: Partial<Receipt> = {}): Receipt => ({
  receipt_id: 'r-1',
  purchase_at: '2026-06-15T12:00:00.000Z',
  store: { id: 'S1' },
  currency: 'NOK',
  items,
  ...extra,
});

export const rule = (
  id: string,
  reward: Reward,
  requirement: Partial<Requirement> = {},
  limitation?: Limitation,
): DiscountRule => ({
  id,
  name: `rule ${id}`,
  requirement: { purchase_from: FROM, purchase_to: TO, ...requirement },
  reward,
  ...(limitation ? { limitation } : {}),
});

/** Engine discount per line_id (only lines with some), from the discount lines the engine wrote. */
export const discountByLine = (r: Receipt): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const i of r.items ?? []) {
    const amount = (i.discount_lines ?? [])
      .filter((l) => l.discount_type === 'customer')
      .reduce((a, l) => a + l.amount, 0);
    if (amount > 0) out[i.line_id ?? 0] = amount;
  }
  return out;
};

export const bonusTotal = (r: Receipt): number =>
  (r.items ?? []).flatMap((i) => i.bonus_lines ?? []).reduce((a, l) => a + l.bonus, 0);
