import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../config/env';
import {
  KEY_TEXT_RULE,
  SecretsError,
  createKeyring,
  generateKeyText,
  parseKey,
  parseKeyList,
  type Keyring,
} from './keyring';

export type SecretsEnv = Pick<
  Env,
  'KASSA_SECRETS_KEY' | 'KASSA_SECRETS_KEY_FILE' | 'KASSA_SECRETS_PREVIOUS_KEYS' | 'DATABASE_URL' | 'dataDir'
>;

/** SQLite without a configured key: the key generated once, beside the database. */
export const DEFAULT_KEY_FILE = 'secrets.key';

export const NO_KEY_CONFIGURED =
  'this server has no key to encrypt gateway secrets with: its operator must set KASSA_SECRETS_KEY or KASSA_SECRETS_KEY_FILE (on PostgreSQL, the same key on every process)';

const readKeyFile = (file: string, what: string): Buffer => {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new SecretsError(`${what} ${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const key = parseKey(text);
  if (!key) throw new SecretsError(`${what} ${file}: ${KEY_TEXT_RULE}`);
  return key;
};

/** Made once (0600, in a temporary file linked into place: two processes starting at once get the same key). */
const readOrCreateKeyFile = (file: string): Buffer => {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temporary, `${generateKeyText()}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(temporary);
    }
  }
  return readKeyFile(file, 'the generated key file');
};

/**
 * The keyring the environment describes (ADR 049): the current key from KASSA_SECRETS_KEY, else from the file
 * KASSA_SECRETS_KEY_FILE (which must exist), else on SQLite from `<KASSA_DATA_DIR>/secrets.key` (generated once),
 * else none: on PostgreSQL a key kept in one host's file would not open on the others, so sealing is refused.
 * KASSA_SECRETS_PREVIOUS_KEYS only open; on SQLite a `secrets.key` left beside a configured key opens too.
 */
const loadKeyring = (env: Partial<SecretsEnv>): Keyring => {
  const previous = parseKeyList(env.KASSA_SECRETS_PREVIOUS_KEYS, 'KASSA_SECRETS_PREVIOUS_KEYS');
  const sqliteFile = !env.DATABASE_URL && env.dataDir ? path.join(env.dataDir, DEFAULT_KEY_FILE) : undefined;
  const configured = env.KASSA_SECRETS_KEY
    ? parseKey(env.KASSA_SECRETS_KEY)
    : env.KASSA_SECRETS_KEY_FILE
      ? readKeyFile(env.KASSA_SECRETS_KEY_FILE, 'KASSA_SECRETS_KEY_FILE')
      : undefined;
  if (env.KASSA_SECRETS_KEY && !configured) throw new SecretsError(`KASSA_SECRETS_KEY ${KEY_TEXT_RULE}`);
  if (configured) {
    const leftOver = sqliteFile && fs.existsSync(sqliteFile) ? [readKeyFile(sqliteFile, 'the generated key file')] : [];
    return createKeyring(configured, [...previous, ...leftOver]);
  }
  if (sqliteFile) return createKeyring(readOrCreateKeyFile(sqliteFile), previous);
  return createKeyring(undefined, previous, NO_KEY_CONFIGURED);
};

const loaded = new WeakMap<object, Keyring>();

/** The keyring of this environment, read once per environment object (a process has one: createKassa's). */
export const gatewayKeyring = (env: Partial<SecretsEnv>): Keyring => {
  let keyring = loaded.get(env);
  if (!keyring) loaded.set(env, (keyring = loadKeyring(env)));
  return keyring;
};
