import { BRAND_SPECS, detectBrand } from './card';

/**
 * Formatting of the card fields while the customer types, and where the caret goes afterwards.
 * Pure: the page hands in what the input holds after the browser applied the keystroke (`raw`),
 * the value before it (`previous`) and the caret, and sets the returned value and caret.
 */

/** The field after an edit: the formatted value and where the caret belongs in it. */
export interface Edited {
  value: string;
  caret: number;
}

/** What the browser did, from `InputEvent.inputType` (`deleteContentBackward`, `insertText`, ...). */
export type EditKind = 'insert' | 'deleteBackward' | 'deleteForward';

export const editKind = (inputType: string | undefined, previous: string, raw: string): EditKind => {
  if (inputType === 'deleteContentForward') return 'deleteForward';
  if (inputType?.startsWith('delete')) return 'deleteBackward';
  if (inputType === undefined && raw.length < previous.length) return 'deleteBackward';
  return 'insert';
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

export const countDigits = (s: string): number => s.replace(/\D/g, '').length;

/** The position just after the `n`th digit of `value` (0 when n is 0, the end when it has fewer). */
export const caretAfterDigits = (value: string, n: number): number => {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (isDigit(value[i]) && ++seen === n) return i + 1;
  }
  return value.length;
};

/** Groups the digits at the brand's gaps: "378282246310005" -> "3782 822463 10005". */
export const groupDigits = (digits: string, gaps: readonly number[]): string => {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
};

/** The card number as shown: digits only, at most the brand's length, grouped per brand. */
export const formatCardNumber = (raw: string): string => {
  const spec = BRAND_SPECS[detectBrand(raw)];
  return groupDigits(raw.replace(/\D/g, '').slice(0, spec.maxLength), spec.gaps);
};

/** The most digits the number may have, by the brand its first digits show. */
export const cardNumberMaxDigits = (number: string): number => BRAND_SPECS[detectBrand(number)].maxLength;

/** Drops anything but digits, and digits beyond `max`. */
export const formatCvc = (raw: string, max: number): string => raw.replace(/\D/g, '').slice(0, max);

/** A four-digit year typed or autofilled ("2034") becomes "34"; otherwise the first two digits. */
const twoDigitYear = (digits: string): string =>
  digits.length === 4 && digits.startsWith('20') ? digits.slice(2) : digits.slice(0, 2);

/**
 * The expiry as MM/YY while typing:
 *  - a first digit 2-9 can only be a month: "2" -> "02/";
 *  - "1" waits for the next key: "1/" -> "01/", "13" -> "01/3", "12" -> "12/";
 *  - a slash after a single-digit month pads it: "1/34" -> "01/34";
 *  - when deleting, the slash is not added back, so backspace over "12/" leaves "12".
 */
export const formatExpiry = (raw: string, deleting = false): string => {
  const cleaned = raw.replace(/[^\d/.\- ]/g, '').replace(/[.\- ]/g, '/');
  const slash = cleaned.indexOf('/');
  const before = (slash === -1 ? cleaned : cleaned.slice(0, slash)).replace(/\D/g, '');
  const after = slash === -1 ? '' : cleaned.slice(slash + 1).replace(/\D/g, '');

  // A slash after one or two month digits: the customer has said where the month ends.
  if (slash !== -1 && before.length >= 1 && before.length <= 2) {
    if (before === '0' || before === '00') return before; // no month yet to pad
    return `${before.padStart(2, '0')}/${twoDigitYear(after)}`;
  }

  const digits = before + after;
  if (digits.length === 0) return '';
  const first = digits[0] ?? '';
  const second = digits[1];
  let month: string;
  let rest: string;
  if (first >= '2') {
    month = `0${first}`;
    rest = digits.slice(1);
  } else if (first === '1' && second !== undefined && second > '2') {
    month = '01';
    rest = digits.slice(1);
  } else if (digits.length === 1) {
    return first;
  } else {
    month = digits.slice(0, 2);
    rest = digits.slice(2);
  }
  const year = twoDigitYear(rest);
  if (year === '') return deleting ? month : `${month}/`;
  return `${month}/${year}`;
};

/** Removes the first digit before `at` (backward) or from `at` on (forward); the caret stays where the digit was. */
const removeDigit = (value: string, at: number, forward: boolean): Edited => {
  let i = forward ? at : at - 1;
  while (i >= 0 && i < value.length && !isDigit(value[i])) i += forward ? 1 : -1;
  if (i < 0 || i >= value.length) return { value, caret: at };
  return { value: value.slice(0, i) + value.slice(i + 1), caret: forward ? at : i };
};

/**
 * Reformats after an edit and keeps the caret beside the same digit. When a delete would be undone
 * by the format (backspace right after a space the format puts back), the digit before the
 * separator goes instead, as the customer meant; forward delete removes the digit after it.
 */
export const applyEdit = (
  previous: string,
  raw: string,
  caret: number,
  format: (raw: string, deleting: boolean) => string,
  inputType?: string,
): Edited => {
  const kind = editKind(inputType, previous, raw);
  const deleting = kind !== 'insert';
  let edit: Edited = { value: raw, caret: Math.max(0, Math.min(caret, raw.length)) };
  let formatted = format(edit.value, deleting);
  if (deleting && raw.length < previous.length && formatted === previous) {
    edit = removeDigit(edit.value, edit.caret, kind === 'deleteForward');
    formatted = format(edit.value, deleting);
  }
  // Typing at the end (the usual case) keeps the caret at the end, past any separator the format added.
  if (edit.caret >= edit.value.length) return { value: formatted, caret: formatted.length };
  let at = caretAfterDigits(formatted, countDigits(edit.value.slice(0, edit.caret)));
  // The caret was after a separator ("4111 |1111"): keep it after the one the format put there.
  if (edit.caret > 0 && !isDigit(edit.value[edit.caret - 1]))
    while (at < formatted.length && !isDigit(formatted[at])) at++;
  return { value: formatted, caret: at };
};

/**
 * An edit of the card number. A digit typed into a number that already has its brand's length is
 * refused (the value stays, the caret goes back to where it was) rather than pushing the last digit out.
 */
export const editCardNumber = (previous: string, raw: string, caret: number, inputType?: string): Edited => {
  const kind = editKind(inputType, previous, raw);
  const max = cardNumberMaxDigits(raw);
  if (kind === 'insert' && countDigits(raw) > max && countDigits(previous) >= max && previous !== '') {
    return {
      value: formatCardNumber(previous),
      caret: Math.max(0, Math.min(caret - (raw.length - previous.length), previous.length)),
    };
  }
  return applyEdit(previous, raw, caret, (v) => formatCardNumber(v), inputType);
};

/** An edit of the expiry date (MM/YY). */
export const editExpiry = (previous: string, raw: string, caret: number, inputType?: string): Edited =>
  applyEdit(previous, raw, caret, formatExpiry, inputType);

/** A gift card number as shown: an all-digit number in groups of four ("6012 3456 7890"); anything else as typed. */
export const formatGiftCardNumber = (raw: string): string => {
  const compact = raw.replace(/\s/g, '');
  if (!/^\d+$/.test(compact)) return raw;
  return compact.replace(/(\d{4})(?=\d)/g, '$1 ');
};

/**
 * An edit of a gift card number: grouped in fours while the customer types, the caret kept by the same digit.
 * A number with letters or symbols (a gift card's token may have them) stays as typed.
 */
export const editGiftCardNumber = (previous: string, raw: string, caret: number, inputType?: string): Edited =>
  /^[\d\s]*$/.test(raw)
    ? applyEdit(previous, raw, caret, (v) => formatGiftCardNumber(v), inputType)
    : { value: raw, caret };
