import type { AppContext } from '../app-context';
import { assertOutboundUrlAllowed } from '../callbacks/callback-url-policy';

type ExpressUrls =
  | {
      shipping_address_callback_url?: unknown;
      discount_codes?: { callback_url?: unknown } | unknown;
      discount_code_callback_url?: unknown;
    }
  | undefined;

/**
 * The URLs of `express` that Kassa calls go through the same policy as callback_url when they are
 * given (session create and update): 400 INVALID_CALLBACK_URL with the policy's reason.
 */
export const assertExpressUrlsAllowed = (
  ctx: Pick<AppContext, 'env'>,
  accountId: string,
  express: ExpressUrls,
): void => {
  if (!express) return;
  if (typeof express.shipping_address_callback_url === 'string') {
    assertOutboundUrlAllowed(
      ctx,
      accountId,
      express.shipping_address_callback_url,
      'express.shipping_address_callback_url',
    );
  }
  const discount = express.discount_codes as { callback_url?: unknown } | undefined;
  if (discount && typeof discount.callback_url === 'string') {
    assertOutboundUrlAllowed(ctx, accountId, discount.callback_url, 'express.discount_codes.callback_url');
  }
  if (typeof express.discount_code_callback_url === 'string') {
    assertOutboundUrlAllowed(ctx, accountId, express.discount_code_callback_url, 'express.discount_code_callback_url');
  }
};
