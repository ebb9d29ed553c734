import fs from 'node:fs';
import path from 'node:path';
import { generateSecret } from './secret-hash';

/** The server's keys a key file holds (server_secrets names). */
export const KEY_NAMES = ['jwt_signing_key', 'checkout_cookie_password', 'wallet_pin_key'] as const;
export type KeyName = (typeof KEY_NAMES)[number];
export type ServerKeys = Record<KeyName, string>;

const parse = (file: string, text: string): ServerKeys => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`KASSA_SECRETS_FILE ${file}: not JSON`);
  }
  const keys = json as Partial<Record<KeyName, unknown>>;
  for (const name of KEY_NAMES) {
    const value = keys?.[name];
    if (typeof value !== 'string' || value.length < 32)
      throw new Error(`KASSA_SECRETS_FILE ${file}: "${name}" must be a string of at least 32 characters`);
  }
  return Object.fromEntries(KEY_NAMES.map((n) => [n, keys[n]])) as ServerKeys;
};

/**
 * KASSA_SECRETS_FILE (issue 37 item 12): the server's keys in a JSON file instead of the database, so that a
 * copy of the database (a backup, a replica) cannot sign tokens or open cookies. A missing file is made once,
 * readable by its owner only (0600, its directory 0700), from `initial` (the keys the database held, so issued
 * tokens and cookies stay good) or new random keys; made in a temporary file and linked into place, so two
 * processes starting at once end up with the same file. Every process on one database needs the same file.
 */
export const readOrCreateSecretsFile = (file: string, initial: Partial<ServerKeys>): ServerKeys => {
  if (fs.existsSync(file)) return parse(file, fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const keys = Object.fromEntries(KEY_NAMES.map((n) => [n, initial[n] ?? generateSecret(48)])) as ServerKeys;
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(temporary);
  }
  return parse(file, fs.readFileSync(file, 'utf8'));
};
