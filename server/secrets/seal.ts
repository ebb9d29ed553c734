import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretsError, type Keyring } from './keyring';

/**
 * A secret sealed at rest (ADR 049): `v1.<key id>.<nonce>.<ciphertext and tag>`, the last two base64url.
 * AES-256-GCM with a random 96-bit nonce per seal and a 128-bit tag; the `context` (what the value belongs
 * to: account, gateway, field) is the additional authenticated data, so a sealed value copied to another
 * row, account or field does not open there. The context is not stored: the reader supplies it.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

export const sealSecret = (keyring: Keyring, plaintext: string, context: string): string => {
  const key = keyring.current;
  if (!key) throw new SecretsError(keyring.unsealable ?? 'no key to seal with');
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.bytes, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, key.id, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
};

interface Parts {
  keyId: string;
  nonce: Buffer;
  data: Buffer;
}

const partsOf = (sealed: string): Parts => {
  const [version, keyId, nonce, data, ...rest] = sealed.split('.');
  if (version !== VERSION || !keyId || nonce === undefined || data === undefined || rest.length)
    throw new SecretsError('not a sealed value of a known version');
  const parts = { keyId, nonce: Buffer.from(nonce, 'base64url'), data: Buffer.from(data, 'base64url') };
  if (parts.nonce.length !== NONCE_BYTES || parts.data.length < TAG_BYTES)
    throw new SecretsError(`a sealed value of key ${keyId} is cut short`);
  return parts;
};

/** The id of the key that sealed the value (resealing keeps values that are sealed with the current key). */
export const sealedKeyId = (sealed: string): string => partsOf(sealed).keyId;

/**
 * The plaintext of a value sealSecret made for this very `context`, with any key of the keyring. A value of
 * an unknown key, another context, or altered in any way is a SecretsError naming at most the key id.
 */
export const openSecret = (keyring: Keyring, sealed: string, context: string): string => {
  const { keyId, nonce, data } = partsOf(sealed);
  const key = keyring.byId.get(keyId);
  if (!key) throw new SecretsError(`sealed with key ${keyId}, which this server does not have`);
  const decipher = createDecipheriv(ALGORITHM, key.bytes, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretsError(`a value sealed with key ${keyId} does not open: altered, or sealed for another place`);
  }
};
