import type { Metadata } from 'next';
import { firstParam } from '../../../components/checkout/options';
import { describePaymentError } from '../../../components/payment-errors';
import { ResultCard } from '../../../components/result-card';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Demo shop · Kassa' };

/** The demo shop's return page: where the customer lands after paying (or not). */
export default async function DemoReturn({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const error = firstParam(query, 'error');
  const transactionId = firstParam(query, 'transaction_id');
  const ok = !error && Boolean(transactionId);
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-lg">
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-wide text-slate-500">Kassa demo shop</p>
        <ResultCard
          ok={ok}
          title={ok ? 'Thank you! Payment authorized.' : 'Payment not completed'}
          message={
            ok
              ? 'Your order is confirmed. The shop captures the payment when it ships.'
              : error
                ? describePaymentError(error)
                : 'No payment was made.'
          }
          details={[
            ['Order reference', firstParam(query, 'merchant_reference')],
            ['Transaction', transactionId],
          ]}
        >
          <a
            href="/demo"
            className="mt-6 inline-block rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200"
          >
            Make another demo payment
          </a>
        </ResultCard>
      </div>
    </main>
  );
}
