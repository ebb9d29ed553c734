import type { Metadata } from 'next';
import { firstParam } from '../../components/checkout/options';
import { EmbeddedHeight } from '../../components/embedded-height';
import { describePaymentError } from '../../components/payment-errors';
import { ResultCard } from '../../components/result-card';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Payment result · Kassa' };

/**
 * After a final event the web SDK points its iframe here
 * (`/embedResult/?sid=&merchant_reference=&transaction_id=&error=&language=`).
 */
export default async function EmbedResult({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const sid = firstParam(query, 'sid');
  const error = firstParam(query, 'error');
  const transactionId = firstParam(query, 'transaction_id');
  const ok = !error && Boolean(transactionId);
  return (
    <main className="px-1 py-2 sm:px-2">
      {sid ? <EmbeddedHeight sid={sid} /> : null}
      <div className="mx-auto w-full max-w-lg">
        <ResultCard
          ok={ok}
          title={ok ? 'Payment approved' : 'Payment was not completed'}
          message={ok ? 'Thank you! Your payment is complete.' : error ? describePaymentError(error) : 'No payment was made.'}
          details={[
            ['Order reference', firstParam(query, 'merchant_reference')],
            ['Transaction', transactionId],
          ]}
        />
      </div>
    </main>
  );
}
