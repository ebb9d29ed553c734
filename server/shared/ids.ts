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

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/**
 * A UUID version 7 (RFC 9562): the millisecond time first, then 74 random bits. For the keys of
 * append-only rows written on every payment (events, operations, the outbox): consecutive keys
 * land on the same b-tree page instead of a random one each, so a commit writes fewer pages.
 * Not for anything that must be unguessable (use `uuid`).
 */
export const timeOrderedUuid = (): string => {
  const ms = Date.now();
  const r = () => randomByte();
  return (
    `${hex(Math.floor(ms / 0x10000), 8)}-${hex(ms % 0x10000, 4)}-7${hex(r() & 0x0f, 1)}${hex(r(), 2)}-` +
    `${hex(0x80 | (r() & 0x3f), 2)}${hex(r(), 2)}-${hex(r(), 2)}${hex(r(), 2)}${hex(r(), 2)}${hex(r(), 2)}${hex(r(), 2)}${hex(r(), 2)}`
  );
};

export const ACCOUNT_ID_PATTERN = /^[PT]\d{8}$/;
export const ACCOUNT_SCOPED_ID_PATTERN = /^[PT]\d{8}\.[1-9A-HJ-NP-Za-km-z]{10,40}$/;

export const isTestAccount = (accountId: string): boolean => accountId.startsWith('T');
