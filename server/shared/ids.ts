import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Cryptographically random bytes taken from a pool refilled 4 KiB at a time (one randomBytes call
 * per ~90 ids instead of one per id, as node's own randomUUID does). Each byte is used once.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;
const randomByte = (): number => {
  if (poolAt >= pool.length) [pool, poolAt] = [randomBytes(POOL_SIZE), 0];
  return pool[poolAt++]!;
};

/** Random base58 string of `length` characters (about 5.86 bits each; bytes >= 232 are skipped, so no bias). */
export const randomBase58 = (length: number): string => {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < 58 * 4) out += ALPHABET[b % 58];
  }
  return out;
};

/** Resource ids carry their account: `T12345678.4kQ...` (sessions and transactions). */
export const accountScopedId = (accountId: string): string => `${accountId}.${randomBase58(22)}`;

export const uuid = (): string => randomUUID();

export const ACCOUNT_ID_PATTERN = /^[PT]\d{8}$/;
export const ACCOUNT_SCOPED_ID_PATTERN = /^[PT]\d{8}\.[1-9A-HJ-NP-Za-km-z]{10,40}$/;

export const isTestAccount = (accountId: string): boolean => accountId.startsWith('T');
