import { sealCheckoutData, unsealCheckoutData } from './checkout-seal';

/**
 * The checkout's browser session: a sealed, HttpOnly cookie (iron-session's format, ADR 027) that
 * remembers which sessions this browser has opened, so VISITED is recorded once per
 * browser. It holds no card or customer data.
 */
export const CHECKOUT_COOKIE = 'kassa_checkout';
const MAX_REMEMBERED = 20;
const TTL_SECONDS = 7 * 24 * 3600;

export interface CheckoutCookie {
  visited: string[];
}

const readCookie = (header: string | undefined, name: string): string | undefined =>
  header
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export const openCheckoutCookie = async (
  cookieHeader: string | undefined,
  password: string,
): Promise<CheckoutCookie> => {
  const sealed = readCookie(cookieHeader, CHECKOUT_COOKIE);
  if (!sealed) return { visited: [] };
  let decoded: string;
  try {
    decoded = decodeURIComponent(sealed);
  } catch {
    return { visited: [] }; // malformed percent-encoding: treated as no cookie
  }
  const data = await unsealCheckoutData<CheckoutCookie>(decoded, password, TTL_SECONDS);
  return { visited: Array.isArray(data.visited) ? data.visited.filter((v): v is string => typeof v === 'string') : [] };
};

/** Set-Cookie for the page's origin. Cross-site iframes need SameSite=None; Secure (allowed on https and localhost). */
export const checkoutCookieHeader = async (
  cookie: CheckoutCookie,
  password: string,
  baseUrl: string,
): Promise<string> => {
  const sealed = await sealCheckoutData({ visited: cookie.visited.slice(-MAX_REMEMBERED) }, password, TTL_SECONDS);
  const { protocol, hostname } = new URL(baseUrl);
  const secure = protocol === 'https:' || hostname === 'localhost' || hostname === '127.0.0.1';
  return `${CHECKOUT_COOKIE}=${encodeURIComponent(sealed)}; Path=/v1/view; Max-Age=${TTL_SECONDS}; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
};
