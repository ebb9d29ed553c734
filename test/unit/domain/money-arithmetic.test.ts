import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMinor,
  INT32_MAX,
  isMinorUnits,
  minorUnits,
  remainingMinor,
  subtractMinor,
  sumMinor,
  ZERO_MINOR,
} from '../../../domain/money';

const amount = fc.integer({ min: 0, max: INT32_MAX }).map(minorUnits);
const amounts = fc.array(amount, { maxLength: 50 });

describe('minor-unit arithmetic (domain/money.ts)', () => {
  it('sumMinor is the sum, 0 for none, in any order', () => {
    expect(sumMinor([])).toBe(0);
    expect(sumMinor([ZERO_MINOR])).toBe(0);
    fc.assert(
      fc.property(amounts, (xs) => {
        const sum = sumMinor(xs);
        expect(sum).toBe(xs.reduce((a, b) => a + b, 0));
        expect(isMinorUnits(sum)).toBe(true);
        expect(sumMinor([...xs].reverse())).toBe(sum);
      }),
    );
    // plain numbers (an order's lines before they are typed) sum the same way
    expect(sumMinor([600, 400, -100])).toBe(900);
  });

  it('addMinor and subtractMinor undo each other and stay minor units', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const sum = addMinor(a, b);
        expect(sum).toBe(a + b);
        expect(addMinor(b, a)).toBe(sum);
        expect(isMinorUnits(sum)).toBe(true);
        expect(subtractMinor(sum, b)).toBe(a);
        expect(subtractMinor(sum, a)).toBe(b);
      }),
    );
  });

  it('subtractMinor refuses to go below zero: a RangeError, a bug', () => {
    expect(subtractMinor(minorUnits(5), minorUnits(5))).toBe(0);
    expect(() => subtractMinor(minorUnits(5), minorUnits(6))).toThrow(RangeError);
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        if (b > a) expect(() => subtractMinor(a, b)).toThrow(RangeError);
        else expect(subtractMinor(a, b)).toBe(a - b);
      }),
    );
  });

  it('remainingMinor is what the parts leave of the total, never negative', () => {
    expect(remainingMinor(minorUnits(1000), minorUnits(400), minorUnits(100))).toBe(500);
    expect(remainingMinor(minorUnits(1000), minorUnits(700), minorUnits(400))).toBe(0);
    expect(remainingMinor(minorUnits(1000))).toBe(1000);
    fc.assert(
      fc.property(amount, amounts, (total, parts) => {
        const left = remainingMinor(total, ...parts);
        expect(left).toBe(Math.max(0, total - parts.reduce((a, b) => a + b, 0)));
        expect(isMinorUnits(left)).toBe(true);
      }),
    );
  });
});
