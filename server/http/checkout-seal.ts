import { createCipheriv, createDecipheriv, createHmac, pbkdf2Sync, randomFillSync } from 'node:crypto';
import * as Iron from 'iron-webcrypto';

/**
 * iron-session's `sealData`/`unsealData` (8.0.4), on a synchronous crypto backend (ADR 027).
 *
 * iron-session seals with iron-webcrypto over WebCrypto, whose every step (two PBKDF2 key
 * derivations, two key imports, AES-CBC, HMAC) is a job on libuv's thread pool and a callback:
 * about 175 µs of CPU per seal here, more than the rest of the checkout's first view together.
 * iron-webcrypto takes its WebCrypto as an argument, so the same `seal`/`unseal` (the same Iron
 * Fe26.2 format, the same password map and `~2` version suffix as iron-session) run here on
 * node:crypto's synchronous primitives. Seals open with iron-session's `unsealData` and the other
 * way round (test/unit/checkout-seal.test.ts).
 */

interface Key extends CryptoKey {
  raw: Buffer;
  hash?: string;
}

const hashName = (hash: unknown): string => {
  const name = typeof hash === 'string' ? hash : (hash as { name?: string } | undefined)?.name;
  if (name === 'SHA-1') return 'sha1';
  if (name === 'SHA-256') return 'sha256';
  throw new Error(`checkout seal: unsupported hash ${String(name)}`);
};
const bytes = (data: ArrayBuffer | ArrayBufferView): Buffer =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
const arrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const aesCbc = (algorithm: unknown, key: Key): { name: string; iv: Buffer } => {
  const a = algorithm as { name?: string; iv?: Uint8Array };
  if (a.name !== 'AES-CBC' || !a.iv) throw new Error(`checkout seal: unsupported cipher ${String(a.name)}`);
  return { name: `aes-${key.raw.length * 8}-cbc`, iv: bytes(a.iv) };
};

/** The WebCrypto subset iron-webcrypto calls (its `_Crypto`, not exported). */
type IronCrypto = Parameters<typeof Iron.seal>[0];

const syncCrypto: IronCrypto = {
  getRandomValues: (array) => randomFillSync(array),
  subtle: {
    importKey: async (_format, keyData, algorithm) => {
      const a = algorithm as { hash?: unknown };
      return {
        raw: Buffer.from(bytes(keyData)),
        ...(a.hash === undefined ? {} : { hash: hashName(a.hash) }),
      } as unknown as Key;
    },
    deriveBits: async (algorithm, baseKey, length) => {
      const p = algorithm as Pbkdf2Params;
      return arrayBuffer(
        pbkdf2Sync((baseKey as Key).raw, bytes(p.salt as Uint8Array), p.iterations, length / 8, hashName(p.hash)),
      );
    },
    encrypt: async (algorithm, key, data) => {
      const { name, iv } = aesCbc(algorithm, key as Key);
      const c = createCipheriv(name, (key as Key).raw, iv);
      return arrayBuffer(Buffer.concat([c.update(data), c.final()]));
    },
    decrypt: async (algorithm, key, data) => {
      const { name, iv } = aesCbc(algorithm, key as Key);
      const d = createDecipheriv(name, (key as Key).raw, iv);
      return arrayBuffer(Buffer.concat([d.update(data), d.final()]));
    },
    sign: async (_algorithm, key, data) =>
      arrayBuffer(
        createHmac((key as Key).hash ?? 'sha256', (key as Key).raw)
          .update(data)
          .digest(),
      ),
  },
};

const VERSION = 2; // iron-session's current seal version, after `~`

/** As iron-session's `sealData(data, { password, ttl })` with a string password (password id 1). */
export const sealCheckoutData = async (data: unknown, password: string, ttlSeconds: number): Promise<string> =>
  `${await Iron.seal(syncCrypto, data, { id: '1', secret: password }, { ...Iron.defaults, ttl: ttlSeconds * 1000 })}~${VERSION}`;

/** As iron-session's `unsealData`: `{}` for an expired, forged or unreadable seal. */
export const unsealCheckoutData = async <T>(
  sealed: string,
  password: string,
  ttlSeconds: number,
): Promise<Partial<T>> => {
  const [seal = '', version] = sealed.split('~');
  try {
    const data = ((await Iron.unseal(
      syncCrypto,
      seal,
      { 1: password },
      { ...Iron.defaults, ttl: ttlSeconds * 1000 },
    )) ?? {}) as Record<string, unknown>;
    return (
      version !== undefined && Number.parseInt(version, 10) === VERSION ? data : { ...(data.persistent as object) }
    ) as Partial<T>;
  } catch {
    return {};
  }
};
