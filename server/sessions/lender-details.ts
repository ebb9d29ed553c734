/** The pay-later lender's details are a payment concern (server/payments/attempt/lender-details.ts); the view's payment-operations query reads them here. */
export { lenderProblems } from '../payments';
