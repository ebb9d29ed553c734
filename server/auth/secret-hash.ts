import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from '../console/password-hash';

/**
 * Client secrets and API keys the server generates are long random strings, so a fast hash is enough:
 * there is nothing to brute-force, and an API key is looked up by its hash on every request. The plain value
 * is shown once and never stored.
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * A client secret a person may have chosen (KASSA_BOOTSTRAP_CLIENT_SECRET, KASSA_DEMO_CLIENT_SECRET: the start-up
 * clients' secrets come from the configuration) is stored like a console password: salted scrypt
 * (password-hash.ts, `scrypt$…`), so a copy of the database does not give it away to a dictionary (issue 37 item 12).
 */
export const hashChosenSecret = (secret: string, cost: number): Promise<string> => hashPassword(secret, cost);

/** Whether `storedHash` is a KDF hash (hashChosenSecret) rather than a fast SHA-256 one. */
export const isChosenSecretHash = (storedHash: string): boolean => storedHash.startsWith('scrypt$');

/** Whether `secret` is the one `storedHash` (either kind) was made from: one compare, constant-time. */
export const secretMatches = async (secret: string, storedHash: string): Promise<boolean> => {
  if (isChosenSecretHash(storedHash)) return verifyPassword(secret, storedHash);
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

export const generateSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
