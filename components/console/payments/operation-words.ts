import { isErrorCode, type ErrorCode } from '../../../domain/error-codes';
import { ConsoleApiError } from '../console-api';
import type { Transaction } from './payment-types';

export type MoneyOperation = 'capture' | 'refund' | 'void';

export const VERB: Record<MoneyOperation, { label: string; past: string; ing: string }> = {
  capture: { label: 'Capture', past: 'Captured', ing: 'Capturing' },
  refund: { label: 'Refund', past: 'Refunded', ing: 'Refunding' },
  void: { label: 'Void', past: 'Voided', ing: 'Voiding' },
};

/** What a refusal means for the person at the console, by the API's `error.code`. */
const WORDS: Partial<Record<ErrorCode, string | ((op: MoneyOperation) => string)>> = {
  AMOUNT_EXCEEDS_AUTHORIZED: 'The amount is more than is left to capture.',
  AMOUNT_EXCEEDS_CAPTURED: 'The amount is more than is left to refund.',
  TRANSACTION_NOT_CAPTURABLE: 'This transaction cannot be captured now.',
  TRANSACTION_NOT_REFUNDABLE: 'This transaction cannot be refunded now.',
  TRANSACTION_NOT_VOIDABLE: 'This transaction cannot be voided now.',
  ITEMS_REQUIRED: (op) => `This payment type must ${op} by items: choose the items.`,
  INVALID_ITEMS: 'The chosen items do not fit what is left on them.',
  OPERATION_IN_PROGRESS: 'Another operation on this transaction is in progress. Try again in a moment.',
  CONFLICT: 'The transaction changed meanwhile. Look at it again, then try again.',
  PROVIDER_UNAVAILABLE:
    'The payment provider could not be reached; nothing was sent and nothing changed. Try again later.',
  SERVICE_UNAVAILABLE: 'Kassa cannot reach its database right now; nothing changed. Try again later.',
  INSUFFICIENT_SCOPE: 'Your role may not change payments: ask an admin.',
  CSRF_REFUSED: 'The console refused the request: reload the page and try again.',
  TRANSACTION_NOT_FOUND: 'This transaction was not found in your account.',
};

/** The refusal in words, then the API's own message as it came. */
export const refusalInWords = (op: MoneyOperation, error: Error): string => {
  const code = error instanceof ConsoleApiError ? error.code : undefined;
  const words = code && isErrorCode(code) ? WORDS[code] : undefined;
  const lead = typeof words === 'function' ? words(op) : words;
  const status = error instanceof ConsoleApiError ? ` (HTTP ${error.status}${code ? `, ${code}` : ''})` : '';
  return lead ? `${lead} The server said: ${error.message}${status}` : `${error.message}${status}`;
};

/**
 * What a 200 or a 202 means, with the amount in words: done; accepted by the provider for later; or sent
 * without an answer in time, so the provider may have done it (the 202's INITIATE_* event says
 * `provider_outcome: unknown`, ADR 041).
 */
export const doneInWords = (
  op: MoneyOperation,
  amount: string,
  answer: Pick<Transaction, 'events'>,
  eventRequestId: string | null,
): string => {
  if (!eventRequestId) return `${VERB[op].past} ${amount}.`;
  const initiated = answer.events?.find((e) => e.event_request_id === eventRequestId);
  return initiated?.provider_outcome === 'unknown'
    ? `${VERB[op].label} of ${amount} sent, but the payment provider did not answer in time: it may have done it. The amount stays reserved until the provider says what it did; do not ${op} it again.`
    : `${VERB[op].label} of ${amount} sent: the payment provider completes it later.`;
};
