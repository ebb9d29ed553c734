import { describe, expect, it } from 'vitest';
import { BRAND_SPECS, cvcLength, detectBrand } from '../../../domain/card';
import {
  applyEdit,
  caretAfterDigits,
  editCardNumber,
  editExpiry,
  type Edited,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  groupDigits,
} from '../../../domain/card-format';

type Editor = (previous: string, raw: string, caret: number, inputType?: string) => Edited;

/** A field as the browser holds it: `|` marks the caret, e.g. "4111| 1111". */
const parse = (marked: string): Edited => ({
  value: marked.replace('|', ''),
  caret: marked.indexOf('|') === -1 ? marked.length : marked.indexOf('|'),
});
const show = ({ value, caret }: Edited): string => `${value.slice(0, caret)}|${value.slice(caret)}`;

/** Types `keys` into the field as a browser would (a key per character; "⌫" backspace, "⌦" delete), reformatting after each. */
const type = (edit: Editor, start: string, keys: string): string => {
  let field = parse(start);
  for (const key of keys) {
    const { value, caret } = field;
    if (key === '⌫') {
      if (caret === 0) continue;
      field = edit(value, value.slice(0, caret - 1) + value.slice(caret), caret - 1, 'deleteContentBackward');
    } else if (key === '⌦') {
      if (caret === value.length) continue;
      field = edit(value, value.slice(0, caret) + value.slice(caret + 1), caret, 'deleteContentForward');
    } else {
      field = edit(value, value.slice(0, caret) + key + value.slice(caret), caret + 1, 'insertText');
    }
  }
  return show(field);
};

describe('brand detection', () => {
  it('knows the brand from the first digits, and waits while they are ambiguous', () => {
    expect(detectBrand('')).toBe('unknown');
    expect(detectBrand('4')).toBe('visa');
    expect(detectBrand('4111 1111 1111 1111')).toBe('visa');
    expect(detectBrand('3')).toBe('unknown');
    expect(detectBrand('34')).toBe('amex');
    expect(detectBrand('37')).toBe('amex');
    expect(detectBrand('36')).toBe('diners');
    expect(detectBrand('300')).toBe('diners');
    expect(detectBrand('306')).toBe('unknown');
    expect(detectBrand('51')).toBe('mastercard');
    expect(detectBrand('55')).toBe('mastercard');
    expect(detectBrand('56')).toBe('unknown');
    expect(detectBrand('2')).toBe('unknown');
    expect(detectBrand('222')).toBe('unknown');
    expect(detectBrand('2220')).toBe('unknown');
    expect(detectBrand('2221')).toBe('mastercard');
    expect(detectBrand('23')).toBe('mastercard');
    expect(detectBrand('2720')).toBe('mastercard');
    expect(detectBrand('2721')).toBe('unknown');
    expect(detectBrand('6011')).toBe('unknown');
  });

  it('gives the security code length and the maximum number length per brand', () => {
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(cvcLength('4111')).toBe(3);
    expect(cvcLength('')).toBe(3);
    expect(BRAND_SPECS.visa.maxLength).toBe(19);
    expect(BRAND_SPECS.mastercard.maxLength).toBe(16);
    expect(BRAND_SPECS.amex.maxLength).toBe(15);
  });
});

describe('card number grouping', () => {
  it('groups per brand', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111111111111111123')).toBe('4111 1111 1111 1111 123');
    expect(formatCardNumber('5555555555554444')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('6011111111111117')).toBe('6011 1111 1111 1117');
  });

  it('cuts the number at the brand length and drops anything but digits', () => {
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('55555555555544449')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('41111111111111111234')).toBe('4111 1111 1111 1111 123');
    expect(formatCardNumber('4111-1111 abc')).toBe('4111 1111');
    expect(formatCardNumber('')).toBe('');
  });

  it('groups partial numbers without a trailing space', () => {
    expect(groupDigits('4111', [4, 8])).toBe('4111');
    expect(groupDigits('41111', [4, 8])).toBe('4111 1');
    expect(formatCardNumber('3782')).toBe('3782');
    expect(formatCardNumber('37828')).toBe('3782 8');
    expect(formatCardNumber('3782822463')).toBe('3782 822463');
    expect(formatCardNumber('37828224631')).toBe('3782 822463 1');
  });
});

describe('caret mapping', () => {
  it('finds the position after the nth digit', () => {
    expect(caretAfterDigits('4111 1111', 0)).toBe(0);
    expect(caretAfterDigits('4111 1111', 4)).toBe(4);
    expect(caretAfterDigits('4111 1111', 5)).toBe(6);
    expect(caretAfterDigits('4111 1111', 99)).toBe(9);
  });

  it('keeps the caret at the end while typing at the end', () => {
    expect(type(editCardNumber, '|', '4111111111111111')).toBe('4111 1111 1111 1111|');
    expect(type(editCardNumber, '|', '378282246310005')).toBe('3782 822463 10005|');
  });

  it('keeps the caret beside the digit just typed in the middle', () => {
    expect(type(editCardNumber, '4111 |1111 1111', '2')).toBe('4111 2|111 1111 1');
    expect(type(editCardNumber, '411|1 1111', '5')).toBe('4115| 1111 1');
    expect(type(editCardNumber, '4|111 1111', '99')).toBe('499|1 1111 11');
    expect(type(editCardNumber, '|1111 1111', '4')).toBe('4|111 1111 1');
  });

  it('keeps the caret in place when deleting in the middle', () => {
    expect(type(editCardNumber, '4111 11|11 1111', '⌫')).toBe('4111 1|111 111');
    expect(type(editCardNumber, '4111 1|111 1111', '⌫')).toBe('4111 |1111 111');
    expect(type(editCardNumber, '41|11 1111', '⌦')).toBe('41|11 111');
  });

  it('deletes the digit before a space when backspace hits the space', () => {
    expect(type(editCardNumber, '4111 |1111', '⌫')).toBe('411|1 111');
    expect(type(editCardNumber, '4111 |1111', '⌫⌫')).toBe('41|11 11');
    expect(type(editCardNumber, '4111| 1111', '⌦')).toBe('4111| 111');
  });

  it('refuses a digit typed into a full number instead of pushing the last one out', () => {
    expect(type(editCardNumber, '4111 1111 1111 1111 |123', '9')).toBe('4111 1111 1111 1111 |123');
    expect(type(editCardNumber, '3782 82|2463 10005', '9')).toBe('3782 82|2463 10005');
    expect(type(editCardNumber, '5555 5555 5555 4444|', '1')).toBe('5555 5555 5555 4444|');
  });

  it('regroups when the brand changes under the caret', () => {
    // "4782..." (Visa, 4-4-4-4) becomes "3782..." (Amex, 4-6-5) when the first digit is retyped.
    expect(type(editCardNumber, '4|782 8224 6310 005', '⌫3')).toBe('3|782 822463 10005');
  });

  it('takes a pasted number whole', () => {
    expect(editCardNumber('', '4111-1111-1111-1111', 19)).toEqual({ value: '4111 1111 1111 1111', caret: 19 });
    expect(editCardNumber('', '378282246310005', 15)).toEqual({ value: '3782 822463 10005', caret: 17 });
  });

  it('works with any format', () => {
    const upper = (v: string) => v.toUpperCase();
    expect(applyEdit('ab', 'abc', 3, upper)).toEqual({ value: 'ABC', caret: 3 });
  });
});

describe('expiry typing', () => {
  const typed = (keys: string, start = '|') => type(editExpiry, start, keys);

  it('formats two-digit months as MM/YY', () => {
    expect(typed('1234')).toBe('12/34|');
    expect(typed('12')).toBe('12/|');
    expect(typed('0527')).toBe('05/27|');
    expect(typed('1029')).toBe('10/29|');
  });

  it('pads a single-digit month when the customer types the slash', () => {
    expect(typed('1/34')).toBe('01/34|');
    expect(typed('1/')).toBe('01/|');
    expect(typed('9/30')).toBe('09/30|');
    expect(typed('0/')).toBe('0|');
  });

  it('knows a first digit 2-9 is the whole month', () => {
    expect(typed('2')).toBe('02/|');
    expect(typed('234')).toBe('02/34|');
    expect(typed('2/34')).toBe('02/34|');
    expect(typed('9')).toBe('09/|');
  });

  it('reads "1" then 3-9 as January', () => {
    expect(typed('1')).toBe('1|');
    expect(typed('134')).toBe('01/34|');
    expect(typed('13/4')).toBe('01/34|');
  });

  it('ignores extra digits and slashes', () => {
    expect(typed('12/345')).toBe('12/34|');
    expect(typed('12//34')).toBe('12/34|');
    expect(typed('a1b2')).toBe('12/|');
  });

  it('lets backspace remove the slash, then the month digits', () => {
    expect(typed('⌫', '12/|')).toBe('12|');
    expect(typed('⌫⌫', '12/|')).toBe('1|');
    expect(typed('⌫⌫⌫', '12/|')).toBe('|');
    expect(typed('⌫⌫', '12/34|')).toBe('12/|');
    expect(typed('⌫⌫⌫', '12/34|')).toBe('12|');
    expect(typed('⌫', '02/|')).toBe('02|');
    expect(typed('⌫3', '12/|')).toBe('12/3|');
    expect(typed('⌫⌫3', '12/|')).toBe('01/3|');
    expect(typed('⌫/', '12/|')).toBe('12/|');
  });

  it('edits the year in the middle without losing the caret', () => {
    expect(typed('⌫', '12/3|4')).toBe('12/|4');
    expect(typed('⌫5', '12/3|4')).toBe('12/5|4');
  });

  it('formats pasted and autofilled dates', () => {
    expect(formatExpiry('12/2034')).toBe('12/34');
    expect(formatExpiry('1/2034')).toBe('01/34');
    expect(formatExpiry('12 / 34')).toBe('12/34');
    expect(formatExpiry('12-34')).toBe('12/34');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('')).toBe('');
  });
});

describe('security code', () => {
  it('keeps digits up to the length', () => {
    expect(formatCvc('12a34', 3)).toBe('123');
    expect(formatCvc('1234', 4)).toBe('1234');
  });
});
