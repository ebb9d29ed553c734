/**
 * The payments module's entry: the only file of server/payments/ that other areas import (ADR 032).
 */
export {
  CANCELLED_WHILE_WAITING,
  ORDER_CHANGED_WHILE_WAITING,
  abandonWaitingAttempt,
  closeWaitingAttempts,
} from './attempt/abandon-waiting-attempt';
export { readPendingAction } from './attempt/await-customer';
export { lenderProblems } from './attempt/lender-details';
export { assertPayAttemptsLeft, reserveAddressSlot } from './attempt/limit-pay-attempts';
export type { AddressSlot } from './attempt/limit-pay-attempts';
export { payMerchantInitiated } from './attempt/pay-merchant-initiated';
export { paySession } from './attempt/pay-session';
export { PaySessionBody, PaymentResponseSchema } from './attempt/pay-schemas';
export type { PaySessionInput, PaymentResponse } from './attempt/pay-schemas';
export { recoverStalePayments } from './attempt/recover-stale-payments';
export { paymentTokenId, savedCardsOf } from './attempt/saved-cards';
export { settleCustomerAction } from './attempt/settle-customer-action';
export { recordVoidedAttempts, voidWaitingAttempts } from './attempt/void-waiting-attempts';
export { cancelPayment } from './operations/cancel-payment';
export { captureTransaction } from './operations/capture-transaction';
export { completePendingOperations } from './operations/complete-pending-operations';
export { refundTransaction } from './operations/refund-transaction';
export { extendAuthorization } from './operations/extend-authorization';
export { syncTransactionStatus } from './operations/sync-transaction-status';
export {
  TransactionIntentAnswer,
  SyncStatusBody,
  ExtendAuthorizationBody,
} from './operations/transaction-intent-schemas';
export type {
  NewPayableSession,
  PayableSession,
  PayableSessions,
  PaymentSessionEvent,
  PaymentStateChange,
} from './payable-sessions';
export type { MoneyOperationResult } from './operations/run-money-operation';
export { updateAuthorization } from './operations/update-authorization';
export { voidTransaction } from './operations/void-transaction';
export { toTransactionRecord } from './store/transaction-record';
export type { TransactionRecord } from './store/transaction-record';
export { TRANSACTION_INCLUDES, readTransaction } from './store/read-transaction';
export { getTransactionJson } from './transactions/get-transaction';
export { transactionReceipt } from './transactions/transaction-receipt';
export type { TransactionReceipt } from './transactions/transaction-receipt';
export {
  ListTransactionsQuery,
  listTransactions,
  UNSUPPORTED_TRANSACTION_FILTERS,
} from './transactions/list-transactions';
export {
  AuthorizationBody,
  CaptureBody,
  RefundBody,
  TransactionIdParams,
  TransactionSchema,
  UpdateTransactionBody,
  VoidBody,
} from './transactions/transaction-schemas';
export { updateTransaction } from './transactions/update-transaction';
