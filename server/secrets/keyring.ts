import { createHash, randomBytes } from 'node:crypto';

/**
 * The keys that seal gateway credentials at rest (ADR 049): AES-256 keys of 32 bytes, written as 64 hex
 * characters or as base64 (standard or URL-safe, with or without its one `=`). A key is named by its id,
 * the first 8 hex characters of its SHA-256, never by the key itself.
 */
export const KEY_BYTES = 32;
export const KEY_TEXT = /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/;
export const KEY_TEXT_RULE = 'must be 32 bytes: 64 hex characters or base64 (43 or 44 characters)';

export interface SecretKey {
  readonly id: string;
  readonly bytes: Buffer;
}

export interface Keyring {
  /** The key new values are sealed with; undefined: this server refuses to seal (`unsealable` says why). */
  readonly current?: SecretKey;
  readonly unsealable?: string;
  /** Every key that opens a value, the current one and the previous ones, by id. */
  readonly byId: ReadonlyMap<string, SecretKey>;
}

/** A value that cannot be sealed or opened here. Its message names key ids at most, never a key or a secret. */
export class SecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsError';
  }
}

/** The key a text names, or undefined when it is not one (see KEY_TEXT). */
export const parseKey = (text: string): Buffer | undefined => {
  const t = text.trim();
  if (!KEY_TEXT.test(t)) return undefined;
  const bytes =
    t.length === 64 ? Buffer.from(t, 'hex') : Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : undefined;
};

/** The keys of a comma-separated list (KASSA_SECRETS_PREVIOUS_KEYS); `what` names the list in the error. */
export const parseKeyList = (list: string | undefined, what: string): Buffer[] =>
  (list ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i) => {
      const key = parseKey(t);
      if (!key) throw new SecretsError(`${what}: key ${i + 1} ${KEY_TEXT_RULE}`);
      return key;
    });

export const keyIdOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/** A new random key, as base64 text. */
export const generateKeyText = (): string => randomBytes(KEY_BYTES).toString('base64');

/**
 * The current key (or none, with the reason sealing is refused) and the previous ones, which only open. The same
 * key listed twice counts once; two different keys with one id (a 1 in 4 billion chance) are refused.
 */
export const createKeyring = (
  current: Buffer | undefined,
  previous: readonly Buffer[],
  unsealable?: string,
): Keyring => {
  const byId = new Map<string, SecretKey>();
  for (const bytes of [...(current ? [current] : []), ...previous]) {
    const key = { id: keyIdOf(bytes), bytes };
    const known = byId.get(key.id);
    if (known && !known.bytes.equals(bytes)) throw new SecretsError(`two different keys have the id ${key.id}`);
    if (!known) byId.set(key.id, key);
  }
  return current
    ? { current: byId.get(keyIdOf(current)), byId }
    : { unsealable: unsealable ?? 'no key to seal with', byId };
};
