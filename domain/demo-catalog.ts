/**
 * The demo store's products (NOK, minor units, 25 % VAT included). Shared by the store's page (the
 * product list and cart) and its server side, which prices a cart from these ids only, never from
 * prices a browser sends.
 */
export interface DemoProduct {
  id: string;
  name: string;
  description: string;
  /** Price of one, in øre. */
  price: number;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { id: 'mug', name: 'Kassa coffee mug', description: 'Stoneware, 350 ml', price: 9900 },
  { id: 'beans', name: 'Coffee beans, 500 g', description: 'Light roast from Kenya', price: 20000 },
  { id: 'tote', name: 'Canvas tote bag', description: 'Organic cotton', price: 14900 },
  { id: 'grinder', name: 'Hand grinder', description: 'Ceramic burrs', price: 79900 },
];

export const DEMO_VAT_PERCENT = 25;
export const MAX_DEMO_QUANTITY = 20;

export interface DemoCartLine {
  id: string;
  quantity: number;
}

export interface DemoOrderLine {
  id: string;
  line_id: string;
  description: string;
  quantity: number;
  amount: number;
  vat: number;
  vat_amount: number;
}

/** VAT contained in a VAT-inclusive amount, rounded to whole øre. */
export const vatIncluded = (amount: number, percent = DEMO_VAT_PERCENT): number =>
  Math.round((amount * percent) / (100 + percent));

/**
 * Order lines for a cart: unknown products and quantities outside 1..MAX_DEMO_QUANTITY are
 * dropped, and a product listed twice is merged. Empty when nothing valid remains.
 */
export const priceDemoCart = (cart: readonly DemoCartLine[]): DemoOrderLine[] => {
  const quantities = new Map<string, number>();
  for (const line of cart) {
    if (!DEMO_PRODUCTS.some((p) => p.id === line.id) || !Number.isInteger(line.quantity) || line.quantity < 1) continue;
    quantities.set(line.id, Math.min(MAX_DEMO_QUANTITY, (quantities.get(line.id) ?? 0) + line.quantity));
  }
  return DEMO_PRODUCTS.filter((p) => quantities.has(p.id)).map((p, i) => {
    const quantity = quantities.get(p.id)!;
    const amount = p.price * quantity;
    return {
      id: p.id,
      line_id: String(i + 1),
      description: p.name,
      quantity,
      amount,
      vat: DEMO_VAT_PERCENT,
      vat_amount: vatIncluded(amount),
    };
  });
};
