import { TransactionPage } from '../../../../../../components/console/payments/transaction-page';

export const metadata = { title: 'Transaction' };

/** /console/payments/transactions/{id}: one transaction, its amounts, items and events; admins capture, refund, void. */
export default async function ConsoleTransaction({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionPage id={id} />;
}
