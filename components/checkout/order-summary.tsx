import { formatMoney } from '../../domain/money';
import type { ViewSession } from '../../domain/view-types';

type Order = ViewSession['order'];

const Line = ({ label, detail, amount }: { label: string; detail?: string; amount: string }) => (
  <li className="flex items-start justify-between gap-4 py-2.5">
    <div className="min-w-0">
      <p className="truncate text-sm text-slate-800">{label}</p>
      {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
    </div>
    <p className="shrink-0 text-sm tabular-nums text-slate-800">{amount}</p>
  </li>
);

/** The order lines, shipping and total, in the order's currency. */
/** What the shop's discount lines take off an item. */
const discountOf = (item: NonNullable<Order['items']>[number]): number => {
  const lines = Array.isArray(item.discount_lines) ? (item.discount_lines as { amount?: number }[]) : [];
  return lines.reduce((sum, l) => sum + (l.amount ?? 0), 0);
};

export const OrderSummary = ({ order, hideItems, amountDue = order.amount }: { order: Order; hideItems: boolean; amountDue?: number }) => {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const giftCards = order.gift_cards ?? [];
  const items = hideItems ? [] : (order.items ?? []);
  const shipping = hideItems ? undefined : order.shipping_option;
  return (
    <div>
      <h2 id="order-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Your order
      </h2>
      {items.length > 0 || shipping ? (
        <ul aria-label="Order items" className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <Line
              key={item.line_id}
              label={item.description || item.id || `Item ${item.line_id}`}
              detail={[item.quantity !== undefined ? `Quantity ${item.quantity}` : '', discountOf(item) ? `Discount −${money(discountOf(item))}` : ''].filter(Boolean).join(' · ') || undefined}
              amount={money(item.amount)}
            />
          ))}
          {shipping ? <Line label={shipping.title || 'Shipping'} detail={shipping.operator} amount={money(shipping.amount)} /> : null}
        </ul>
      ) : null}
      <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <p className="text-base font-semibold text-slate-900">Total</p>
        <p data-testid="order-total" className="text-lg font-semibold tabular-nums text-slate-900">
          {money(order.amount)}
        </p>
      </div>
      {giftCards.length > 0 ? (
        <ul aria-label="Gift cards" className="mt-1 text-sm text-slate-700">
          {giftCards.map((g) => (
            <li key={g.card_id} className="flex justify-between">
              <span>Gift card {g.masked_card_token}</span>
              <span className="tabular-nums">−{money(g.amount)}</span>
            </li>
          ))}
          <li className="flex justify-between font-semibold text-slate-900">
            <span>Left to pay</span>
            <span data-testid="amount-due" className="tabular-nums">
              {money(amountDue)}
            </span>
          </li>
        </ul>
      ) : null}
      {order.vat_amount ? <p className="mt-0.5 text-right text-xs text-slate-500">Includes VAT {money(order.vat_amount)}</p> : null}
      <p className="mt-1 text-xs text-slate-500">Order reference {order.merchant_reference}</p>
    </div>
  );
};
