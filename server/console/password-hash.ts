import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { randomBase58 } from '../shared/ids';

/**
 * Console passwords (ADR 033): scrypt, memory-hard, from node:crypto, run on libuv's thread pool (never on
 * the event loop). Stored as `scrypt$N$r$p$<salt>$<hash>` (base64url), so the parameters can change later
 * and every stored hash still verifies with its own. Compared with timingSafeEqual. `cost` is log2 of N:
 * 15 (N=2^15, r=8: 32 MiB and tens of milliseconds per hash) unless KASSA_CONSOLE_PASSWORD_COST says
 * otherwise (the tests' servers use less, as Rails' `min_cost` does).
 */
export const DEFAULT_COST = 15;
const [R, P] = [8, 1];
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Above node's 32 MiB default: N=2^15, r=8 needs 128·N·r = 32 MiB and a little more. */
const maxmemFor = (N: number, r: number) => 256 * N * r;

const derive = (password: string, salt: Buffer, opts: ScryptOptions, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export const hashPassword = async (password: string, cost = DEFAULT_COST): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmemFor(N, R) }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

const STORED = /^scrypt\$(\d{1,8})\$(\d{1,2})\$(\d{1,2})\$([\w-]{1,200})\$([\w-]{1,400})$/;
/** What an unknown e-mail is checked against (one per cost), so it costs the same scrypt as a known one. */
const decoys = new Map<number, Promise<string>>();

/** Whether `password` is the one `stored` was made from; a malformed `stored` is false (after the same work). */
export const verifyPassword = async (password: string, stored: string, cost = DEFAULT_COST): Promise<boolean> => {
  const m = STORED.exec(stored);
  if (!m) {
    await verifyDecoy(password, cost);
    return false;
  }
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const expected = Buffer.from(m[5]!, 'base64url');
  const opts = { N, r, p, maxmem: maxmemFor(N, r) };
  const key = await derive(password, Buffer.from(m[4]!, 'base64url'), opts, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** One scrypt that can never match: a sign-in for an e-mail nobody has takes as long as a wrong password. */
export const verifyDecoy = async (password: string, cost = DEFAULT_COST): Promise<void> => {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = hashPassword(randomBytes(24).toString('base64url'), cost)));
  await verifyPassword(password, await decoy, cost);
};

/** A password the console shows once: 20 base58 characters (about 117 bits). */
export const generatePassword = (): string => randomBase58(20);
