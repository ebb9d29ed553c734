import type { Metadata } from 'next';
import { firstParam } from '../../../components/checkout/options';
import { DemoHeader } from '../demo-header';
import { DemoOrders } from './demo-orders';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Orders · Demo store · Kassa' };

/** The merchant's side of the demo store (after a login, ADR 029): orders, the callbacks received, capture/refund/void. */
export default async function DemoOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const done = firstParam(query, 'done');
  const error = firstParam(query, 'error');
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-6 sm:py-10">
      <div className="mx-auto w-full max-w-5xl">
        <DemoHeader current="orders" />
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Orders</h1>
        {firstParam(query, 'login') ? (
          <p role="alert" className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
            {firstParam(query, 'login') === 'wait'
              ? 'Too many wrong logins: wait a minute and try again.'
              : 'Wrong client id or secret.'}
          </p>
        ) : error ? (
          <p role="alert" className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
            The {firstParam(query, 'transaction_id')} operation failed: {error}
          </p>
        ) : firstParam(query, 'callbacks') ? (
          <p
            role="status"
            className="mb-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-800"
          >
            Payment callbacks are answered with {firstParam(query, 'callbacks') === '500' ? '500' : '200'} from now on.
          </p>
        ) : done ? (
          <p
            role="status"
            className="mb-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-800"
          >
            {done === 'capture' ? 'Captured' : done === 'refund' ? 'Refunded' : 'Voided'}{' '}
            {firstParam(query, 'transaction_id')}
          </p>
        ) : null}
        <DemoOrders />
      </div>
    </main>
  );
}
