import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Client secrets and API keys are long random strings, so a fast hash is enough:
 * there is nothing to brute-force. The plain value is shown once and never stored.
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const secretMatches = (secret: string, storedHash: string): boolean => {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

export const generateSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
