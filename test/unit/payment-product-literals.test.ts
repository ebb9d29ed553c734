import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No payment product type is written out in the code outside the providers, the registry and the
 * schemas that carry the spec's names (issue 25, item 3): everything else asks the registry
 * (`ctx.providers`) for a type's provider, kind and capabilities, so a new provider plugs in without
 * touching them. A type is a string literal `<provider segment>.<product>` (comments do not count).
 */
const ROOTS = ['server', 'components', 'app', 'domain'];

/** Where a literal type may stand, and why. */
const ALLOWED: { path: string; why: string }[] = [
  {
    path: 'server/providers/',
    why: 'the providers declare the types they serve; the registry (server/providers/registry.ts) maps them',
  },
  { path: 'server/payments/attempt/pay-schemas.ts', why: 'the pay body: one shape per spec-given payment type' },
  {
    path: 'server/sessions/session-schemas.ts',
    why: "the spec's names: token_provider, the merchant-initiated body and customer.tokens",
  },
  { path: 'server/view/view-schemas.ts', why: "the spec's gift card types of the checkout's PUT gift_cards" },
  {
    path: 'server/shared/order-shapes.ts',
    why: "the spec's type of a gift card applied to an order (AppliedGiftCard)",
  },
  { path: 'server/payments/transactions/transaction-schemas.ts', why: "the spec's type of a transaction's gift cards" },
  { path: 'domain/view-types.ts', why: "the spec's gift card names the page and the server share (GIFT_CARDS_TYPE)" },
];

/** Provider segments of the public API (server/sessions/payment-methods.ts) and Kassa's own; `kassa` names only the gift cards. */
const SEGMENTS = [
  'sandbox',
  'payment_app',
  'payex',
  'bambora',
  'collector',
  'instabank',
  'klarna',
  'vipps',
  'swish',
  'santander',
  'dintero_psp',
  'netaxept',
  'dintero',
  'two',
  'kravia',
];
const PRODUCT_TYPE = new RegExp(
  `^(?:(?:${SEGMENTS.join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*|kassa\\.wallets(?:\\.[a-z0-9_]+)*)$`,
);

/** The string literals of a source file (quoted, and template literals without substitutions), with their lines; comments skipped. */
const stringLiterals = (source: string): { line: number; text: string }[] => {
  const out: { line: number; text: string }[] = [];
  let line = 1;
  let i = 0;
  let lastCode = '';
  const readQuoted = (quote: string): string => {
    const start = line;
    let text = '';
    for (i++; i < source.length && source[i] !== quote; i++) {
      if (source[i] === '\\') text += source[++i] ?? '';
      else text += source[i];
      if (source[i] === '\n') line++;
    }
    out.push({ line: start, text });
    return text;
  };
  for (; i < source.length; i++) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '\n') line++;
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      line++;
      continue;
    }
    if (c === '/' && next === '*') {
      for (i += 2; i < source.length && !(source[i] === '*' && source[i + 1] === '/'); i++)
        if (source[i] === '\n') line++;
      i++;
      continue;
    }
    if (c === '/' && (lastCode === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastCode))) {
      // a regular expression literal: skipped to its closing slash (outside a character class)
      let inClass = false;
      for (i++; i < source.length && source[i] !== '\n'; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        else if (source[i] === '/' && !inClass) break;
      }
      lastCode = ')';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      readQuoted(c);
      lastCode = ')';
      continue;
    }
    if (!/\s/.test(c)) lastCode = c;
  }
  return out;
};

const sources = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return sources(p);
        return /\.(ts|mts|tsx|js|mjs)$/.test(e.name) ? [p] : [];
      })
    : [];

const hits = (root: string): string[] =>
  ROOTS.flatMap((r) => sources(path.join(root, r))).flatMap((file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (ALLOWED.some((a) => (a.path.endsWith('/') ? rel.startsWith(a.path) : rel === a.path))) return [];
    return stringLiterals(fs.readFileSync(file, 'utf8'))
      .filter((s) => PRODUCT_TYPE.test(s.text))
      .map((s) => `${rel}:${s.line}: '${s.text}'`);
  });

describe('payment product types in the code', () => {
  it('stand only in the providers, the registry and the schemas with the spec-given names', () => {
    expect(hits(process.cwd())).toEqual([]);
  });

  it('the check sees a type in code, wherever it stands, and not in comments or other strings', () => {
    const found = (source: string) => stringLiterals(source).filter((s) => PRODUCT_TYPE.test(s.text));
    expect(
      found('if (type === \'sandbox.invoice\') pay({ t: "kassa.wallets" });\nconst x = `payment_app.acme`;').map(
        (s) => [s.line, s.text],
      ),
    ).toEqual([
      [1, 'sandbox.invoice'],
      [1, 'kassa.wallets'],
      [2, 'payment_app.acme'],
    ]);
    expect(found("x('kassa.wallets.card_id'); y('dintero.wallets');").map((s) => s.text)).toEqual([
      'kassa.wallets.card_id',
      'dintero.wallets',
    ]);
    expect(
      found(
        "// pays with 'sandbox.creditcard'\n/** `kassa.wallets` and \"sandbox.wallet\" */\nconst f = 'kassa.sqlite';",
      ),
    ).toEqual([]);
    expect(
      found("const d = 'sandbox.invoice: without amount'; const u = 'http://x'; const r = /'sandbox\\.x'/;"),
    ).toEqual([]);
    expect(found("const a = 'it''s'; // 'sandbox.wallet'\nconst b = 'sandbox.wallet';").map((s) => s.line)).toEqual([
      2,
    ]);
  });
});
