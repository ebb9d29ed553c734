/**
 * Where the sandbox's 3-D Secure or wallet page sends the customer back: the checkout page they came
 * from (`back`, a relative `/?sid=...` of this very session, so no open redirect), with the attempt
 * and why it failed added. Anything else falls back to the plain checkout page of the session.
 */
export const checkoutReturnPath = (
  back: string | undefined,
  sessionId: string,
  transactionId: string,
  error?: string,
): string => {
  let url = new URL(`/?sid=${encodeURIComponent(sessionId)}`, 'http://checkout.invalid');
  if (back && back.startsWith('/') && !back.startsWith('//')) {
    try {
      const candidate = new URL(back, 'http://checkout.invalid');
      if (
        candidate.origin === 'http://checkout.invalid' &&
        candidate.pathname === '/' &&
        candidate.searchParams.get('sid') === sessionId
      )
        url = candidate;
    } catch {
      // not a URL: the plain checkout page
    }
  }
  url.searchParams.delete('payment_error');
  url.searchParams.set('payment', transactionId);
  if (error) url.searchParams.set('payment_error', error);
  return `${url.pathname}${url.search}`;
};
