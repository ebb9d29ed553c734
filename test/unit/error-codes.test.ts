import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domainCodes from '../../domain/error-codes';
import { ERROR_CODES, isErrorCode } from '../../server/errors/app-error';
import { statusForCode } from '../../server/http/error-response';

/** The closed set of public error codes is one list, in domain/, shared by the server and the page (issue 25, item 7). */
const SERVER = path.join(__dirname, '../../server');

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Every `new AppError('X'` in server/, the code on the same line or the next. */
const thrownCodes = (): Map<string, string> => {
  const found = new Map<string, string>();
  for (const file of sources(SERVER)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/new AppError\(\s*'([^']+)'/g))
      found.set(m[1]!, path.relative(SERVER, file));
  }
  return found;
};

describe('the closed set of error codes', () => {
  it('is the one list of domain/, re-exported by the server', () => {
    expect(ERROR_CODES).toBe(domainCodes.ERROR_CODES);
    expect(isErrorCode).toBe(domainCodes.isErrorCode);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const status = statusForCode(code);
      expect(Number.isInteger(status), code).toBe(true);
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('holds every code the server throws', () => {
    const thrown = thrownCodes();
    expect(thrown.size).toBeGreaterThan(20);
    expect(thrown.has('SESSION_PAYMENT_IN_PROGRESS')).toBe(true);
    const unknown = [...thrown].filter(([code]) => !isErrorCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('tells a code of the set from anything else', () => {
    expect(isErrorCode('SESSION_PAYMENT_IN_PROGRESS')).toBe(true);
    expect(isErrorCode('INTERNAL')).toBe(true);
    for (const x of [
      'PAYMENT_IN_PROGRESS',
      'session_payment_in_progress',
      'toString',
      '__proto__',
      '',
      undefined,
      null,
      42,
      {},
      ['INTERNAL'],
    ]) {
      expect(isErrorCode(x), String(x)).toBe(false);
    }
  });
});
