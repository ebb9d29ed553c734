'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Alert } from '../../ui/alert';
import { useConsoleApi } from '../console-context';
import { PaymentsFilters } from './payments-filters';
import { SessionsList, TransactionsList } from './payments-lists';
import { apiPathFor, filtersFromUrl, listOf, PAGE_SIZE, pageUrl, urlFor, type PaymentsList } from './payments-query';
import type { Session, Transaction } from './payment-types';

const TABS: { list: PaymentsList; label: string }[] = [
  { list: 'transactions', label: 'Transactions' },
  { list: 'sessions', label: 'Sessions' },
];
const pagerButton =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';

/**
 * /console/payments: transactions or sessions, newest first, through GET /v1/transactions and GET /v1/sessions.
 * The URL holds the list, its filters (the API's parameter names) and its cursor (`starting_after`).
 */
export function PaymentsPage() {
  const api = useConsoleApi();
  const router = useRouter();
  const params = useSearchParams();
  const list = listOf(params);
  const filters = filtersFromUrl(params);
  const path = apiPathFor(params);
  const page = useQuery({
    queryKey: ['console', 'payments', path],
    queryFn: async () => (await api.get<(Transaction | Session)[]>(path)).data,
  });
  const items = page.data?.slice(0, PAGE_SIZE) ?? [];
  const more = (page.data?.length ?? 0) > PAGE_SIZE;
  const onFirstPage = !params.get('starting_after');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Payments</h1>
        <p className="mt-1 text-slate-600">Your account&apos;s transactions and checkout sessions, newest first.</p>
      </div>
      <nav aria-label="Payments lists">
        <ul className="flex gap-1 border-b border-slate-200">
          {TABS.map((t) => (
            <li key={t.list}>
              <Link
                href={urlFor(t.list, filters)}
                aria-current={t.list === list ? 'page' : undefined}
                className={`-mb-px block border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${t.list === list ? 'border-indigo-700 text-indigo-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PaymentsFilters
        key={`${list}?${params.toString()}`}
        list={list}
        values={filters}
        onApply={(v) => router.push(urlFor(list, v))}
      />
      <section
        aria-label={list === 'transactions' ? 'Transactions found' : 'Sessions found'}
        className="grid grid-cols-1 gap-4"
      >
        {page.error ? (
          <Alert tone="error">{page.error.message}</Alert>
        ) : !page.data ? (
          <p role="status">Loading {list}…</p>
        ) : list === 'transactions' ? (
          <TransactionsList items={items as Transaction[]} />
        ) : (
          <SessionsList items={items as Session[]} />
        )}
        {page.data && (more || !onFirstPage) ? (
          <nav aria-label="Pages" className="flex flex-wrap gap-2">
            {onFirstPage ? null : (
              <Link href={pageUrl(params, undefined)} className={pagerButton}>
                First page
              </Link>
            )}
            {more ? (
              <Link href={pageUrl(params, items[items.length - 1]!.id)} className={pagerButton}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
