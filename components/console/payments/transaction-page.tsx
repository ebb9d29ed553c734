'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { useCanWrite, useConsoleApi } from '../console-context';
import { EventsTimeline } from './events-timeline';
import type { Transaction } from './payment-types';
import { when } from './payments-lists';
import { StatusBadge } from './status-badge';
import { TransactionActions } from './transaction-actions';
import { amountsOf } from './transaction-amounts';
import { AmountsPanel, CardPanel, ShopperPanel } from './transaction-details';
import { TransactionItems } from './transaction-items';
import { transactionQueryKey } from './transaction-query';

/** One transaction through GET /v1/transactions/{id}: its money, items, card, shopper and events; admins act on it. */
export function TransactionPage({ id }: { id: string }) {
  const api = useConsoleApi();
  const canWrite = useCanWrite();
  const [done, setDone] = useState<string | undefined>();
  const tx = useQuery({
    queryKey: transactionQueryKey(id),
    queryFn: async () => (await api.get<Transaction>(`/v1/transactions/${encodeURIComponent(id)}`)).data,
  });
  const back = (
    <Link
      href="/console/payments"
      className="text-sm font-medium text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-700"
    >
      ← All payments
    </Link>
  );
  if (tx.error)
    return (
      <div className="grid grid-cols-1 gap-4">
        {back}
        <h1 className="text-2xl font-semibold">Transaction</h1>
        <Alert tone="error">{tx.error.message}</Alert>
      </div>
    );
  if (!tx.data)
    return (
      <div className="grid grid-cols-1 gap-4">
        {back}
        <p role="status">Loading the transaction…</p>
      </div>
    );
  const t = tx.data;
  const amounts = amountsOf(t);
  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 tabIndex={-1} className="text-2xl font-semibold break-all focus:outline-none">
            {t.merchant_reference || t.id}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={t.status} />
            <span className="break-all">{t.id}</span>
            <span>· {when(t.created_at)}</span>
          </p>
        </div>
        {canWrite ? <TransactionActions transaction={t} amounts={amounts} onDone={setDone} /> : null}
      </div>
      <div role="status" className="empty:hidden">
        {done ? (
          <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {done}
          </p>
        ) : null}
      </div>
      <AmountsPanel transaction={t} amounts={amounts} />
      <TransactionItems transaction={t} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <CardPanel transaction={t} />
        <ShopperPanel transaction={t} />
      </div>
      <EventsTimeline transaction={t} />
    </div>
  );
}
