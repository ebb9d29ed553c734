import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_FILE, gatewayKeyring } from '../../server/secrets/gateway-keyring';
import { SecretsError, createKeyring, keyIdOf, parseKey } from '../../server/secrets/keyring';
import { openSecret, sealSecret, sealedKeyId } from '../../server/secrets/seal';

/** Issue 38 item 7 (ADR 049): gateway credentials sealed with AES-256-GCM, bound to where they are stored. */
const OLD = randomBytes(32);
const NEW = randomBytes(32);
const CONTEXT = 'kassa.gateway_settings/T10000001/payment_app.acme/auth_token';
const TOKEN = 'app-token-0123456789-abcdefghij';
const FORMAT = /^v1\.([0-9a-f]{8})\.([\w-]{16})\.([\w-]+)$/;

/** The sealed value with one byte of part `index` (2: nonce, 3: ciphertext and tag) changed. */
const tampered = (sealed: string, index: number, at = 0) => {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[at] = bytes[at]! ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
};

describe('sealSecret / openSecret', () => {
  it('round-trips, with the key id (never the key) and a new nonce in each sealed value', () => {
    const keyring = createKeyring(NEW, []);
    const sealed = sealSecret(keyring, TOKEN, CONTEXT);
    expect(openSecret(keyring, sealed, CONTEXT)).toBe(TOKEN);
    const [, keyId, nonce] = FORMAT.exec(sealed) ?? [];
    expect(keyId).toBe(keyIdOf(NEW));
    expect(sealedKeyId(sealed)).toBe(keyIdOf(NEW));
    expect(Buffer.from(nonce!, 'base64url')).toHaveLength(12);
    for (const encoding of ['hex', 'base64', 'base64url'] as const)
      expect(sealed).not.toContain(NEW.toString(encoding));
    expect(sealed).not.toContain(TOKEN);
    const again = sealSecret(keyring, TOKEN, CONTEXT);
    expect(again).not.toBe(sealed);
    expect(again.split('.')[2]).not.toBe(nonce);
    expect(openSecret(keyring, sealSecret(keyring, 'é ✓ unicode', CONTEXT), CONTEXT)).toBe('é ✓ unicode');
  });

  it('does not open with another key, in another context, or altered in any part', () => {
    const sealed = sealSecret(createKeyring(NEW, []), TOKEN, CONTEXT);
    const keyring = createKeyring(NEW, []);
    const refusals: [string, () => string][] = [
      ['another key', () => openSecret(createKeyring(OLD, []), sealed, CONTEXT)],
      ['another field', () => openSecret(keyring, sealed, CONTEXT.replace('auth_token', 'api_key'))],
      ['another account', () => openSecret(keyring, sealed, CONTEXT.replace('T10000001', 'T20000002'))],
      ['a changed nonce', () => openSecret(keyring, tampered(sealed, 2), CONTEXT)],
      ['a changed ciphertext', () => openSecret(keyring, tampered(sealed, 3), CONTEXT)],
      [
        'a changed tag',
        () =>
          openSecret(keyring, tampered(sealed, 3, Buffer.from(sealed.split('.')[3]!, 'base64url').length - 1), CONTEXT),
      ],
      ['another key id', () => openSecret(keyring, sealed.replace(keyIdOf(NEW), keyIdOf(OLD)), CONTEXT)],
      ['cut short', () => openSecret(keyring, sealed.slice(0, 40), CONTEXT)],
      ['another version', () => openSecret(keyring, sealed.replace(/^v1/, 'v2'), CONTEXT)],
      ['plaintext', () => openSecret(keyring, TOKEN, CONTEXT)],
    ];
    for (const [why, open] of refusals) {
      expect(open, why).toThrow(SecretsError);
      try {
        open();
      } catch (e) {
        expect((e as Error).message, why).not.toContain(TOKEN);
      }
    }
  });

  it('opens with a previous key, seals only with the current one, and refuses to seal without one', () => {
    const old = sealSecret(createKeyring(OLD, []), TOKEN, CONTEXT);
    const rotated = createKeyring(NEW, [OLD]);
    expect(openSecret(rotated, old, CONTEXT)).toBe(TOKEN);
    expect(sealedKeyId(sealSecret(rotated, TOKEN, CONTEXT))).toBe(keyIdOf(NEW));
    const readOnly = createKeyring(undefined, [OLD], 'no key configured');
    expect(openSecret(readOnly, old, CONTEXT)).toBe(TOKEN);
    expect(() => sealSecret(readOnly, TOKEN, CONTEXT)).toThrow('no key configured');
  });

  it('reads a key as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    expect(parseKey(NEW.toString('hex'))).toEqual(NEW);
    expect(parseKey(` ${NEW.toString('base64')}\n`)).toEqual(NEW);
    expect(parseKey(NEW.toString('base64url'))).toEqual(NEW);
    for (const bad of ['', 'short', NEW.toString('hex').slice(2), randomBytes(48).toString('base64'), 'x'.repeat(64)])
      expect(parseKey(bad), bad).toBeUndefined();
  });
});

describe('gatewayKeyring (the environment)', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-secrets-'));

  it('SQLite without a key: one generated in <data dir>/secrets.key (0600), the same one at the next start', () => {
    const dir = dataDir();
    const first = gatewayKeyring({ dataDir: dir });
    const file = path.join(dir, DEFAULT_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.current?.id).toBe(keyIdOf(parseKey(fs.readFileSync(file, 'utf8'))!));
    expect(gatewayKeyring({ dataDir: dir }).current?.id).toBe(first.current?.id);
  });

  it('PostgreSQL without a key: nothing is sealed, and no file is made', () => {
    const dir = dataDir();
    const keyring = gatewayKeyring({ dataDir: dir, DATABASE_URL: 'postgres://db.example/kassa' });
    expect(keyring.current).toBeUndefined();
    expect(keyring.unsealable).toMatch(/KASSA_SECRETS_KEY/);
    expect(fs.existsSync(path.join(dir, DEFAULT_KEY_FILE))).toBe(false);
  });

  it('KASSA_SECRETS_KEY, or the file KASSA_SECRETS_KEY_FILE, with previous keys that only open', () => {
    const env = { KASSA_SECRETS_KEY: NEW.toString('hex'), KASSA_SECRETS_PREVIOUS_KEYS: ` ${OLD.toString('base64')} ,` };
    const keyring = gatewayKeyring({ ...env, DATABASE_URL: 'postgres://db.example/kassa' });
    expect(keyring.current?.id).toBe(keyIdOf(NEW));
    expect([...keyring.byId.keys()].sort()).toEqual([keyIdOf(NEW), keyIdOf(OLD)].sort());
    const file = path.join(dataDir(), 'key');
    fs.writeFileSync(file, `${NEW.toString('base64')}\n`);
    expect(gatewayKeyring({ KASSA_SECRETS_KEY_FILE: file }).current?.id).toBe(keyIdOf(NEW));
    expect(() => gatewayKeyring({ KASSA_SECRETS_KEY_FILE: `${file}.missing` })).toThrow(/cannot be read/);
    fs.writeFileSync(file, 'not a key');
    expect(() => gatewayKeyring({ KASSA_SECRETS_KEY_FILE: file })).toThrow(/must be 32 bytes/);
  });

  it("SQLite: a generated secrets.key still opens once a key is configured (moving off it), and the key isn't in errors", () => {
    const dir = dataDir();
    const generated = gatewayKeyring({ dataDir: dir }).current!;
    const keyring = gatewayKeyring({ dataDir: dir, KASSA_SECRETS_KEY: NEW.toString('base64') });
    expect(keyring.current?.id).toBe(keyIdOf(NEW));
    expect(keyring.byId.has(generated.id)).toBe(true);
    let message = '';
    try {
      gatewayKeyring({ KASSA_SECRETS_PREVIOUS_KEYS: `${OLD.toString('hex')},${NEW.toString('hex').slice(1)}` });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/key 2 must be 32 bytes/);
    expect(message).not.toContain(OLD.toString('hex'));
  });
});
