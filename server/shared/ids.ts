import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Random base58 string of `length` characters (about 5.86 bits each). */
export const randomBase58 = (length: number): string => {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 58 * 4) out += ALPHABET[b % 58];
  }
  return out.length === length ? out : out + randomBase58(length - out.length);
};

/** Resource ids carry their account: `T12345678.4kQ...` (sessions and transactions). */
export const accountScopedId = (accountId: string): string => `${accountId}.${randomBase58(22)}`;

export const uuid = (): string => randomUUID();

export const ACCOUNT_ID_PATTERN = /^[PT]\d{8}$/;
export const ACCOUNT_SCOPED_ID_PATTERN = /^[PT]\d{8}\.[1-9A-HJ-NP-Za-km-z]{10,40}$/;

export const isTestAccount = (accountId: string): boolean => accountId.startsWith('T');
