import { buildReturnUrl } from '../../domain/return-url';
import type { SessionUnavailableBody } from '../../domain/view-types';

/** Where "Return to the shop" goes for a session that can no longer be paid. */
export const returnLinkFor = (body: SessionUnavailableBody): string | undefined => {
  const details = body.session_details;
  if (!details?.return_url) return undefined;
  try {
    const paid = body.cause === 'AUTHORIZED' || body.cause === 'ON_HOLD';
    const cancelled = body.cause === 'CANCELLED' || body.cause === 'EXPIRED';
    return buildReturnUrl(details.return_url, {
      merchant_reference: details.merchant_reference,
      ...(paid && details.transaction_id ? { transaction_id: details.transaction_id } : {}),
      ...(cancelled ? { error: 'cancelled' as const } : {}),
    });
  } catch {
    return undefined;
  }
};

/** Back to the shop from a payment that cannot go on (`error=failed`): the link the page shows and the `href` the SDK is sent. */
export const failedReturnLink = (session: {
  url: { return_url: string };
  order: { merchant_reference: string };
}): string | undefined => {
  try {
    return buildReturnUrl(session.url.return_url, {
      merchant_reference: session.order.merchant_reference,
      error: 'failed',
    });
  } catch {
    return undefined;
  }
};
