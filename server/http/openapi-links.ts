/**
 * OpenAPI `links` between operations (issue 27 item 18): how the value an answer carries feeds the next call, so a
 * generated client or a stateful tester can chain them. Keyed by operationId, then status.
 */
type Link = { operationId: string; parameters: Record<string, string>; description: string };

const session = (from: string): Record<string, Link> => ({
  GetSession: {
    operationId: 'checkout_session_get',
    parameters: { session_id: from },
    description: 'Read the session',
  },
  UpdateSession: {
    operationId: 'checkout_session_put',
    parameters: { session_id: from },
    description: "Update the session's order",
  },
  CancelSession: {
    operationId: 'checkout_session_cancel_post',
    parameters: { session_id: from },
    description: 'Cancel the session',
  },
  PaySession: {
    operationId: 'checkout_sid_pay_post',
    parameters: { session_id: from },
    description: 'Pay it (the hosted page does)',
  },
});

const transaction = (from: string): Record<string, Link> => ({
  GetTransaction: { operationId: 'transactions_id_get', parameters: { id: from }, description: 'Read the transaction' },
  CaptureTransaction: {
    operationId: 'transactions_id_capture_post',
    parameters: { id: from },
    description: 'Capture (part of) it',
  },
  RefundTransaction: {
    operationId: 'transactions_id_refund_post',
    parameters: { id: from },
    description: 'Refund (part of) what was captured',
  },
  VoidTransaction: { operationId: 'transactions_id_void_post', parameters: { id: from }, description: 'Void it' },
  UpdateAuthorization: {
    operationId: 'transactions_id_authorization_post',
    parameters: { id: from },
    description: 'Update the authorization',
  },
});

export const OPERATION_LINKS: Readonly<Record<string, Readonly<Record<number, Record<string, Link>>>>> = {
  checkout_session_post: { 200: session('$response.body#/id') },
  checkout_session_profile_post: { 200: session('$response.body#/id') },
  checkout_session_payment_token_post: { 200: session('$response.body#/id') },
  checkout_session_get: { 200: transaction('$response.body#/transaction_id') },
  checkout_sid_pay_post: { 200: transaction('$response.body#/transaction_id') },
  checkout_sessions_pay_post: {
    200: { ...transaction('$response.body#/id'), GetSession: session('$response.body#/session_id').GetSession! },
  },
  transactions_id_get: {
    200: {
      ...transaction('$response.body#/id'),
      GetSession: session('$response.body#/session_id').GetSession!,
    },
  },
  transactions_id_capture_post: { 200: transaction('$response.body#/id') },
  transactions_id_refund_post: { 200: transaction('$response.body#/id') },
};
