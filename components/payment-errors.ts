/** What the `error` a customer returns with means (`cancelled` | `authorization` | `failed`). */
export const describePaymentError = (error: string): string => {
  switch (error) {
    case 'cancelled':
      return 'The payment was cancelled.';
    case 'authorization':
      return 'The payment was not authorized.';
    case 'failed':
      return 'The payment failed.';
    default:
      return `The payment was not completed (${error}).`;
  }
};
