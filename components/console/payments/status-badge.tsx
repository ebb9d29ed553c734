import type { TransactionStatus } from '../../../domain/transaction-state';

/** A transaction's status in words. */
export const STATUS_LABEL: Record<TransactionStatus, string> = {
  INITIATED: 'Initiated',
  AUTHORIZED: 'Authorized',
  PARTIALLY_CAPTURED: 'Partially captured',
  CAPTURED: 'Captured',
  PARTIALLY_CAPTURED_REFUNDED: 'Partially captured, refunded',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  AUTHORIZATION_VOIDED: 'Voided',
  DECLINED: 'Declined',
  FAILED: 'Failed',
  UNKNOWN: 'Unknown',
  ON_HOLD: 'On hold',
};

const TONE: Partial<Record<TransactionStatus, string>> = {
  AUTHORIZED: 'bg-sky-100 text-sky-900',
  PARTIALLY_CAPTURED: 'bg-emerald-50 text-emerald-900',
  CAPTURED: 'bg-emerald-100 text-emerald-900',
  DECLINED: 'bg-red-100 text-red-900',
  FAILED: 'bg-red-100 text-red-900',
  ON_HOLD: 'bg-amber-100 text-amber-900',
};

/** The status as a small label (words, never colour alone). */
export function StatusBadge({ status }: { status: TransactionStatus | string }) {
  const known = Object.hasOwn(STATUS_LABEL, status) ? (status as TransactionStatus) : undefined;
  return (
    <span
      data-testid="transaction-status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${(known && TONE[known]) ?? 'bg-slate-100 text-slate-800'}`}
    >
      {known ? STATUS_LABEL[known] : status}
    </span>
  );
}
