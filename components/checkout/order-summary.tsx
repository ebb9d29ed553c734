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
export const OrderSummary = ({ order, hideItems }: { order: Order; hideItems: boolean }) => {
  const money = (amount: number) => formatMoney(amount, order.currency);
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
              detail={item.quantity !== undefined ? `Quantity ${item.quantity}` : undefined}
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
      {order.vat_amount ? <p className="mt-0.5 text-right text-xs text-slate-500">Includes VAT {money(order.vat_amount)}</p> : null}
      <p className="mt-1 text-xs text-slate-500">Order reference {order.merchant_reference}</p>
    </div>
  );
};
