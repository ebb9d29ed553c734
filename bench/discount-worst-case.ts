/**
 * A worst-case discount evaluation (issue 24 item 5), shared by bench/discounts.ts and
 * test/integration/discounts-event-loop.test.ts: `rules` rule bodies (as POSTed to /discounts/rules) of every
 * reward type, each with as many matchers as the rule schema allows, and one receipt of `items` lines that
 * every rule matches, so every rule does its most work on every line.
 */
export const WINDOW = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };

const GROUPS = 20;
const sku = (n: number) => `sku-${n}`;

/** The receipt's lines: distinct ids and barcodes, three groups each, quantities 1-3, every line eligible. */
export const worstCaseItems = (items: number) =>
  Array.from({ length: items }, (_, i) => ({
    line_id: i + 1,
    id: sku(i),
    barcode: `70${String(i).padStart(11, '0')}`,
    groups: [{ id: `g-${i % GROUPS}` }, { id: `dept-${i % 5}` }, { id: 'all' }],
    quantity: 1 + (i % 3),
    gross_amount: 1_000 + ((i * 7919) % 49_000),
  }));

export const worstCaseReceipt = (items: number, over: Record<string, unknown> = {}) => ({
  receipt_id: `worst-${items}`,
  purchase_at: '2026-06-15T12:00:00Z',
  store: { id: 'S1' },
  currency: 'NOK',
  items: worstCaseItems(items),
  ...over,
});

/** Matchers that never match (they name no item of the receipt) padding a list up to `size`, then `real`. */
const padded = (size: number, real: { id?: string; group_id?: string; barcode?: string }[], tag: string) => [
  ...Array.from({ length: Math.max(size - real.length, 0) }, (_, i) =>
    i % 2 === 0 ? { id: `${tag}-none-${i}` } : { group_id: `${tag}-none-${i}`, barcode: `x${i}` },
  ),
  ...real,
];

// Every rule discounts every line a little (so none is used up and the answer is as large as it can be), with the
// most matchers the rule schema allows; every tenth combines with nothing, so it is also computed alone.
const kinds = [
  (n: number) => ({
    requirement: { ...WINDOW, item: { items: padded(500, [{ group_id: 'all' }], `w${n}`) } },
    reward: { type: 'discount_amount', value: 2_000 },
    limitation: { blacklist: padded(500, [], `b${n}`) },
  }),
  (n: number) => ({
    requirement: { ...WINDOW, item: { items: padded(500, [{ group_id: 'all' }], `i${n}`) } },
    reward: { type: 'discount_percent', value: 0.5 },
    limitation: { blacklist: padded(500, [], `ib${n}`) },
  }),
  (n: number) => ({
    requirement: {
      ...WINDOW,
      item: {
        mixes: Array.from({ length: 10 }, (_, m) => ({
          items: padded(100, [{ group_id: `dept-${m % 5}` }], `m${n}-${m}`),
          quantity: 1,
        })),
      },
    },
    reward: { type: 'discount_percent', value: 0.5 },
  }),
  (n: number) => ({
    requirement: WINDOW,
    reward: {
      type: 'discount_percent',
      value: 0.5,
      values: Array.from({ length: 10 }, (_, v) => ({
        items: padded(100, v === 9 ? [{ group_id: 'all' }] : [], `v${n}-${v}`),
        value: 0.4,
      })),
    },
  }),
  (n: number) => ({
    requirement: {
      ...WINDOW,
      item: { quantity: 100, items: padded(500, [{ id: 'ANY_ITEM', group_id: 'all' }], `q${n}`) },
    },
    reward: { type: 'discount_item_quantity', value: 1 },
    limitation: { blacklist: padded(500, [], `qb${n}`) },
  }),
] as const;

/** Rule bodies for POST /discounts/rules: the kinds above in turn. */
export const worstCaseRules = (rules: number) =>
  Array.from({ length: rules }, (_, n) => {
    const body = kinds[n % kinds.length]!(n) as { limitation?: Record<string, unknown> };
    return {
      name: `worst ${n}`,
      ...body,
      ...(n % 10 === 7 ? { limitation: { ...body.limitation, discount_combination: 0 } } : {}),
    };
  });
