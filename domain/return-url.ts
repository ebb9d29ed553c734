/** The URL the customer is sent back to, with the result parameters real clients read. */
export const buildReturnUrl = (
  returnUrl: string,
  params: { transaction_id?: string; merchant_reference: string; error?: 'cancelled' | 'authorization' | 'failed' },
): string => {
  const u = new URL(returnUrl);
  if (params.transaction_id) u.searchParams.set('transaction_id', params.transaction_id);
  u.searchParams.set('merchant_reference', params.merchant_reference);
  if (params.error) u.searchParams.set('error', params.error);
  return u.toString();
};
