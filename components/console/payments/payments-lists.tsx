'use client';
import Link from 'next/link';
import { money } from './payment-money';
import type { Session, Transaction } from './payment-types';
import { StatusBadge } from './status-badge';

export const transactionHref = (id: string) => `/console/payments/transactions/${encodeURIComponent(id)}`;
export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const list = 'divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm';
const row =
  'grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4';
const link =
  'font-medium break-all text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-700';

/** Transactions, newest first: each links to its page. */
export function TransactionsList({ items }: { items: readonly Transaction[] }) {
  if (items.length === 0) return <p className="text-slate-600">No transactions match these filters.</p>;
  return (
    <ul aria-label="Transactions" className={list}>
      {items.map((t) => (
        <li key={t.id} className={row}>
          <div className="min-w-0">
            <Link href={transactionHref(t.id)} className={link}>
              {t.merchant_reference || t.id}
            </Link>
            <p className="text-xs break-all text-slate-600">{t.id}</p>
          </div>
          <p className="font-mono text-sm">{money(t.amount, t.currency)}</p>
          <p className="text-sm text-slate-700">
            {t.card ? `${t.card.brand} ${t.card.masked_pan.slice(-4)}` : t.payment_product_type}
            <span className="block text-xs text-slate-600">{when(t.created_at)}</span>
          </p>
          <div>
            <StatusBadge status={t.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const sessionState = (s: Session): string => {
  if (s.transaction_id) return 'Paid';
  if (s.cancelled_at) return 'Cancelled';
  if (Date.parse(s.expires_at) < Date.now()) return 'Expired';
  return 'Open';
};

/** Sessions, newest first: a paid one links to its transaction. */
export function SessionsList({ items }: { items: readonly Session[] }) {
  if (items.length === 0) return <p className="text-slate-600">No sessions match these filters.</p>;
  return (
    <ul aria-label="Sessions" className={list}>
      {items.map((s) => {
        const name = [s.customer?.first_name, s.customer?.last_name].filter((x) => typeof x === 'string').join(' ');
        const latest = s.events[0]?.name;
        return (
          <li key={s.id} className={row}>
            <div className="min-w-0">
              {s.transaction_id ? (
                <Link href={transactionHref(s.transaction_id)} className={link}>
                  {s.order.merchant_reference || s.id}
                </Link>
              ) : (
                <p className="font-medium break-all">{s.order.merchant_reference || s.id}</p>
              )}
              <p className="text-xs break-all text-slate-600">
                {s.id}
                {name ? ` · ${name}` : ''}
              </p>
            </div>
            <p className="font-mono text-sm">{money(s.order.amount, s.order.currency)}</p>
            <p className="text-sm text-slate-700">
              {latest ? `Latest: ${latest}` : 'No events'}
              <span className="block text-xs text-slate-600">{when(s.created_at)}</span>
            </p>
            <div>
              <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                {sessionState(s)}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
