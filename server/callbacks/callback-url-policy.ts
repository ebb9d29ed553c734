import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';

/**
 * Callback URLs must be http(s). Deeper checks (private address ranges) belong to
 * the callbacks issue; this is the single place they will live.
 */
export const assertCallbackUrlAllowed = (_ctx: AppContext, _accountId: string, url: string): void => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('INVALID_CALLBACK_URL', 'callback_url is not a valid URL', { errors: [{ path: 'url.callback_url', message: 'invalid URL' }] });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('INVALID_CALLBACK_URL', 'callback_url must use http or https', { errors: [{ path: 'url.callback_url', message: 'must be http(s)' }] });
  }
  const delay = parsed.searchParams.get('delay_callback');
  if (delay !== null && !/^\d+$/.test(delay)) {
    throw new AppError('INVALID_CALLBACK_URL', 'delay_callback must be a whole number of seconds', { errors: [{ path: 'url.callback_url', message: 'delay_callback must be 0-60' }] });
  }
};
