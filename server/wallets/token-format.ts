import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error';
import type { StoredTokenFormat, TokenFormatInput } from './wallet-schemas';

export const DEFAULT_TOKEN_PREFIX = 'KASSACARD:';
const NUMBERS = '0123456789';
const CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Printable ASCII (Code 128 set B) that survives URLs, JSON and scanners; no space, quote or backslash. */
const SYMBOLS = '!#$%&*+-.=?@_~';

const invalid = (path: string, message: string) =>
  new AppError('WALLET_TOKEN_FORMAT_INVALID', `The token format is not usable: ${message}`, {
    errors: [{ path: `format.${path}`, message }],
  });

/**
 * The least randomness a token value has (issue 24, ADR 030): 4-digit tokens were guessed at checkout.
 * 64 bits are 20 digits, 12 letters, 11 characters of numbers and letters (with or without symbols),
 * 17 symbols; the default (a UUID) has 122.
 */
export const MIN_TOKEN_BITS = 64;

/**
 * A token's length: at most 255, and at least what 64 bits take with all 76 characters (11); fewer classes need
 * more (resolveTokenFormat). The body schema states these bounds.
 */
export const TOKEN_LENGTH = {
  min: Math.ceil(MIN_TOKEN_BITS / Math.log2((NUMBERS + CHARACTERS + SYMBOLS).length)),
  max: 255,
} as const;

/**
 * The format a token is made with. Without `length` or any character class the value is the
 * default: the prefix (`KASSACARD:` unless given) and a UUID. Otherwise `length` (11-255, default 36)
 * characters drawn from the chosen classes (numbers, characters and symbols, each on unless false), with at
 * least `MIN_TOKEN_BITS` random bits.
 */
export const resolveTokenFormat = (input: TokenFormatInput | undefined): StoredTokenFormat => {
  const f = input ?? {};
  const prefix = f.prefix ?? DEFAULT_TOKEN_PREFIX;
  const barcode = f.barcode ?? false;
  if (f.length === undefined && f.numbers === undefined && f.characters === undefined && f.symbols === undefined)
    return { length: 36, prefix, barcode };
  const format = {
    length: f.length ?? 36,
    prefix,
    numbers: f.numbers ?? true,
    characters: f.characters ?? true,
    symbols: f.symbols ?? true,
    barcode,
  };
  if (format.length > TOKEN_LENGTH.max) throw invalid('length', `length must be at most ${TOKEN_LENGTH.max}`);
  const alphabet = alphabetOf(format);
  if (alphabet === '') throw invalid('numbers', 'at least one of numbers, characters and symbols must be true');
  const needed = Math.ceil(MIN_TOKEN_BITS / Math.log2(alphabet.length));
  if (format.length < needed) {
    throw invalid(
      'length',
      `length must be at least ${needed} with these character classes: a token needs ${MIN_TOKEN_BITS} random bits, so it cannot be guessed`,
    );
  }
  return format;
};

const alphabetOf = (f: StoredTokenFormat): string =>
  (f.numbers ? NUMBERS : '') + (f.characters ? CHARACTERS : '') + (f.symbols ? SYMBOLS : '');

/** A fresh value in the format: every character drawn with crypto.randomInt (uniform, cryptographic). */
export const generateTokenValue = (f: StoredTokenFormat): string => {
  if (f.numbers === undefined) return f.prefix + randomUUID();
  const alphabet = alphabetOf(f);
  let out = f.prefix;
  for (let i = 0; i < f.length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
};
