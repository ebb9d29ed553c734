import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../domain/money';
import { orderAmounts } from '../../server/orders/order-amounts';
import { MAX_ITEM_DISCOUNT_LINES, MAX_ORDER_ITEMS, OrderItem } from '../../server/orders/order-schemas';

/** Order totals are not bounded to int32 (they are computed on read); the schema's bounds keep them exact. */
describe('order amounts', () => {
  it('the largest order the schemas allow has sums below Number.MAX_SAFE_INTEGER', () => {
    expect(MAX_ORDER_ITEMS * MAX_ITEM_DISCOUNT_LINES * INT32_MAX).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(MAX_ORDER_ITEMS * INT32_MAX).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('sums such an order exactly', () => {
    const line = { amount: INT32_MAX };
    const item = OrderItem.parse({
      line_id: 'x',
      gross_amount: INT32_MAX,
      discount_lines: Array.from({ length: MAX_ITEM_DISCOUNT_LINES }, () => line),
    });
    const items = Array.from({ length: MAX_ORDER_ITEMS }, (_, i) => ({ ...item, line_id: `l${i}` }));
    expect(orderAmounts(items)).toEqual({
      gross_amount: MAX_ORDER_ITEMS * INT32_MAX,
      net_amount: MAX_ORDER_ITEMS * INT32_MAX,
      total_discount: MAX_ORDER_ITEMS * MAX_ITEM_DISCOUNT_LINES * INT32_MAX,
    });
    expect(OrderItem.safeParse({ ...item, discount_lines: [...item.discount_lines!, line] }).success).toBe(false);
  });
});
