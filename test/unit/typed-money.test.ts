import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { minorUnits, priced } from '../../domain/money';

/**
 * Money is typed in the payments module and the providers (issue 25, item 6): an amount there is
 * `MinorUnits` (domain/money.ts), made where it is parsed (the request schemas, the record mappers),
 * so no `amount: number` (or `amount?: number`, `captured_amount: number`, ...) is declared in them.
 */
const ROOTS = ['server/payments', 'server/providers'];

/** Where a plain-number amount may stand (the declaration it is in), and why (each entry must still match, so none goes stale). */
const ALLOWED: { path: string; declaration: string; why: string }[] = [
  {
    path: 'server/payments/payable-sessions.ts',
    declaration: 'NewPayableSession',
    why: "NewPayableSession: the session draft of a merchant-initiated pay, as sessions' request schema types it, handed on to sessions; payments charges the amount of the session sessions create from it",
  },
];

const PLAIN_AMOUNT = /amount\??\s*:\s*number\b/i;

const sources = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return sources(p);
        return /\.(ts|mts|tsx)$/.test(e.name) ? [p] : [];
      })
    : [];

/** Code lines only: `//` and `/* ... *\/` comments are blanked first (line numbers kept). */
const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');

/** The top-level declaration each line belongs to (the last `export interface|type|const X` above it). */
const declarations = (lines: string[]): string[] => {
  let current = '';
  return lines.map((l) => (current = /^export (?:interface|type|const|function) (\w+)/.exec(l)?.[1] ?? current));
};

const scan = (root: string): { rel: string; line: number; text: string; declaration: string }[] =>
  ROOTS.flatMap((r) => sources(path.join(root, r))).flatMap((file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const lines = withoutComments(fs.readFileSync(file, 'utf8')).split('\n');
    const within = declarations(lines);
    return lines
      .map((text, i) => ({ rel, line: i + 1, text, declaration: within[i]! }))
      .filter((l) => PLAIN_AMOUNT.test(l.text));
  });

describe('typed money in payments and the providers', () => {
  it('declares no plain-number amount', () => {
    const found = scan(process.cwd()).filter(
      (h) => !ALLOWED.some((a) => a.path === h.rel && h.declaration === a.declaration),
    );
    expect(found.map((h) => `${h.rel}:${h.line}: ${h.text.trim()}`)).toEqual([]);
  });

  it('keeps no stale exception', () => {
    const found = scan(process.cwd());
    for (const a of ALLOWED)
      expect(
        found.some((h) => h.rel === a.path && h.declaration === a.declaration),
        a.path,
      ).toBe(true);
  });

  it('the check sees a plain amount in code, not in comments', () => {
    const hit = (source: string) =>
      withoutComments(source)
        .split('\n')
        .filter((l) => PLAIN_AMOUNT.test(l)).length;
    expect(hit('interface A { amount: number }')).toBe(1);
    expect(hit('type B = { readonly card_amount?: number };')).toBe(1);
    expect(hit('const f = (amount: number): boolean => amount > 0;')).toBe(1);
    expect(hit('interface A { amount: MinorUnits }')).toBe(0);
    expect(hit('// amount: number was here\n/** amount: number */\nconst x = 1;')).toBe(0);
    expect(
      declarations(['export interface A {', '  order: {', '    amount: number;', '  };', '}', 'export type B = 1;']),
    ).toEqual(['A', 'A', 'A', 'A', 'A', 'B']);
  });
});

describe('money as a provider is asked for it', () => {
  it('carries the currency’s exponent from domain/currencies.ts', () => {
    expect(priced(minorUnits(10_000), 'NOK')).toEqual({ amount: 10_000, currency: 'NOK', exponent: 2 });
    expect(priced(minorUnits(500), 'JPY')).toEqual({ amount: 500, currency: 'JPY', exponent: 0 });
    expect(priced(minorUnits(1_000), 'KWD')).toEqual({ amount: 1_000, currency: 'KWD', exponent: 3 });
  });
});
