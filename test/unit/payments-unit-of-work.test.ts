import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every database transaction of the payments module is a unit of work (server/payments/unit-of-work.ts,
 * ADR 032), and no unit of work reaches a provider: providers are called only between two of them.
 */
const ROOT = path.resolve(__dirname, '../../server/payments');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );

/** The text of the call's parentheses that starts at `open` (strings and comments are not special-cased: the code has no unbalanced ones). */
const argumentsAt = (text: string, open: number): string => {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error('unbalanced parentheses');
};

const units = (text: string) =>
  [...text.matchAll(/\bunitOfWork\(/g)].map((m) => argumentsAt(text, m.index + 'unitOfWork'.length));

describe('the payments module’s database transactions', () => {
  const sources = files(ROOT).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));

  it('are units of work: no other inTransaction in server/payments', () => {
    expect(
      sources.filter((s) => s.file !== 'unit-of-work.ts' && /\binTransaction\(/.test(s.text)).map((s) => s.file),
    ).toEqual([]);
  });

  it('never call a provider inside', () => {
    const calls = sources.flatMap((s) =>
      units(s.text)
        .filter((u) => /providerFor\(|\.authorize\(|\.capture\(|\.refund\(|\.void\(/.test(u))
        .map(() => s.file),
    );
    expect(calls).toEqual([]);
    expect(sources.reduce((n, s) => n + units(s.text).length, 0)).toBeGreaterThan(10); // the scan sees them
  });

  it('the check finds a provider call inside a unit of work', () => {
    const bad = `await unitOfWork(ctx, meta, async (uow) => { await ctx.providers.providerFor(type).capture(call); });`;
    expect(units(bad).some((u) => /providerFor\(/.test(u))).toBe(true);
  });
});
