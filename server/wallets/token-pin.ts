import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Wallet card token PINs (ADR 030). A PIN is stored only as `hmac-sha256:<hex>` of the token's id
 * and the PIN under the server's PIN key (KASSA_WALLET_PIN_KEY, else a key kept in the database),
 * so equal PINs of two tokens never look alike and a database copy without the key tells nothing.
 */
export const PIN_PATTERN = /^\d{4,12}$/;
const GENERATED_DIGITS = 6;
const SCHEME = 'hmac-sha256:';

/** A fresh 6-digit PIN, drawn with crypto.randomInt. */
export const generatePin = (): string => String(randomInt(10 ** GENERATED_DIGITS)).padStart(GENERATED_DIGITS, '0');

export const hashPin = (key: string, tokenId: string, pin: string): string =>
  SCHEME + createHmac('sha256', key).update(`${tokenId}\n${pin}`).digest('hex');

/**
 * Whether `pin` is the token's PIN: one HMAC and one constant-time compare whether or not there is a
 * token or a stored hash (no token, or one made before PINs, is compared against a hash nothing matches).
 */
export const pinMatches = (
  key: string,
  tokenId: string | undefined,
  pin: string,
  stored: string | null | undefined,
): boolean => {
  const candidate = Buffer.from(hashPin(key, tokenId ?? '', pin));
  const usable = typeof stored === 'string' && tokenId !== undefined && stored.length === candidate.length;
  const expected = usable ? Buffer.from(stored) : Buffer.alloc(candidate.length);
  return timingSafeEqual(candidate, expected) && usable;
};
