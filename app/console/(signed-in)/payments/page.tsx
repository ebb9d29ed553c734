import { Suspense } from 'react';
import { PaymentsPage } from '../../../../components/console/payments/payments-page';

export const metadata = { title: 'Payments' };

/** /console/payments: transactions and sessions with the API's filters (components/console/payments/). */
export default function ConsolePayments() {
  return (
    <Suspense fallback={<p role="status">Loading payments…</p>}>
      <PaymentsPage />
    </Suspense>
  );
}
