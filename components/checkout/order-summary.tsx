'use client';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';

type Order = ViewSession['order'];

const Line = ({ label, detail, amount }: { label: string; detail?: string; amount: string }) => (
  <li className="flex items-start justify-between gap-4 py-2.5">
    <div className="min-w-0">
      <p className="truncate text-sm">{label}</p>
      {detail ? <p className="text-xs text-slate-600 dark:text-slate-400">{detail}</p> : null}
    </div>
    <p className="shrink-0 text-sm tabular-nums">{amount}</p>
  </li>
);

/** What the shop's discount lines take off an item. */
const discountOf = (item: NonNullable<Order['items']>[number]): number => {
  const lines = Array.isArray(item.discount_lines) ? (item.discount_lines as { amount?: number }[]) : [];
  return lines.reduce((sum, l) => sum + (l.amount ?? 0), 0);
};

/** The order lines, shipping and total, in the order's currency and the page's locale. */
export const OrderSummary = ({
  order,
  hideItems,
  amountDue = order.amount,
}: {
  order: Order;
  hideItems: boolean;
  amountDue?: number;
}) => {
  const { t, money: format } = useI18n();
  const money = (amount: number) => format(amount, order.currency);
  const giftCards = order.gift_cards ?? [];
  const items = hideItems ? [] : (order.items ?? []);
  const shipping = hideItems ? undefined : order.shipping_option;
  return (
    <div>
      {items.length > 0 || shipping ? (
        <ul aria-label={t('summary.items')} className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <Line
              key={item.line_id}
              label={item.description || item.id || t('summary.item', { line: item.line_id })}
              detail={
                [
                  item.quantity !== undefined ? t('summary.quantity', { quantity: item.quantity }) : '',
                  discountOf(item) ? t('summary.discount', { amount: money(discountOf(item)) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              amount={money(item.amount)}
            />
          ))}
          {shipping ? (
            <Line
              label={shipping.title || t('summary.shipping')}
              detail={
                [
                  shipping.operator ?? '',
                  shipping.vat_amount ? t('summary.includes_vat', { amount: money(shipping.vat_amount) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              amount={money(shipping.amount)}
            />
          ) : null}
        </ul>
      ) : null}
      <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3 dark:border-slate-700">
        <p className="text-base font-semibold">{t('summary.total')}</p>
        <p data-testid="order-total" className="text-lg font-semibold tabular-nums">
          {money(order.amount)}
        </p>
      </div>
      {giftCards.length > 0 ? (
        <ul aria-label={t('summary.gift_cards')} className="mt-1 text-sm">
          {giftCards.map((g) => (
            <li key={g.card_id} className="flex justify-between">
              <span>{t('summary.gift_card', { card: g.masked_card_token })}</span>
              <span className="tabular-nums">−{money(g.amount)}</span>
            </li>
          ))}
          <li className="flex justify-between font-semibold">
            <span>{t('summary.left_to_pay')}</span>
            <span data-testid="amount-due" className="tabular-nums">
              {money(amountDue)}
            </span>
          </li>
        </ul>
      ) : null}
      {order.vat_amount ? (
        <p className="mt-0.5 text-right text-xs text-slate-600 dark:text-slate-400">
          {t('summary.includes_vat', { amount: money(order.vat_amount) })}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('summary.reference', { reference: order.merchant_reference })}
      </p>
    </div>
  );
};
