import type { Problem } from './problems';

/** The card as the customer typed it. Only ever validated and handed to the acquirer. */
export interface CardInput {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
  holder_name?: string;
}

/** What may be stored about a card: never the full number or the security code. */
export interface CardSummary {
  brand: string;
  masked_pan: string;
  expiry_date: string; // MM/YYYY
  type: 'Credit' | 'Debit' | 'Prepaid';
  /** What the acquirer knows of the issuer, when it knows it: ISO 3166-1 alpha-3 (e.g. `NOR`). */
  country?: string;
  issuing_bank?: string;
  product_platform?: 'consumer' | 'commercial';
  /** Where the issuer is, seen from the merchant's country. */
  region?: 'domestic' | 'eea' | 'eea-uk' | 'europe' | 'inter';
}

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardProblem = Problem<CardField>;

/** Every `code` a card problem can have, per field: the page picks its translated message by it. */
export interface CardProblemCodes {
  number: 'required' | 'not_digits' | 'length' | 'invalid';
  expiry: 'required' | 'format' | 'month' | 'expired';
  cvc: 'required' | 'not_digits' | 'length';
}

export const digitsOnly = (s: string): string => s.replace(/[\s-]/g, '');

export const luhnValid = (pan: string): boolean => {
  if (!/^\d{12,19}$/.test(pan)) return false;
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export const cardBrand = (pan: string): string => {
  if (/^4/.test(pan)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(pan)) return 'MasterCard';
  if (/^3[47]/.test(pan)) return 'American Express';
  return 'Unknown';
};

/** The brands the page recognises while the customer types (the server only needs `cardBrand`). */
export type CardBrandId = 'visa' | 'mastercard' | 'amex' | 'diners' | 'unknown';

export interface BrandSpec {
  /** Where the number's groups start after the first: Amex [4, 10] gives 4-6-5. */
  gaps: readonly number[];
  /** The most digits a number of this brand has. */
  maxLength: number;
  cvcLength: 3 | 4;
}

export const BRAND_SPECS: Record<CardBrandId, BrandSpec> = {
  visa: { gaps: [4, 8, 12, 16], maxLength: 19, cvcLength: 3 },
  mastercard: { gaps: [4, 8, 12], maxLength: 16, cvcLength: 3 },
  amex: { gaps: [4, 10], maxLength: 15, cvcLength: 4 },
  diners: { gaps: [4, 10, 14], maxLength: 19, cvcLength: 3 },
  unknown: { gaps: [4, 8, 12, 16], maxLength: 19, cvcLength: 3 },
};

/**
 * The brand of a (possibly partly typed) number, as soon as its first digits settle it: "4" is
 * Visa, "34" Amex, "2221" Mastercard; "2" or "222" are not decided yet. Separators are ignored.
 */
export const detectBrand = (number: string): CardBrandId => {
  const pan = number.replace(/\D/g, '');
  if (/^4/.test(pan)) return 'visa';
  if (/^3[47]/.test(pan)) return 'amex';
  if (/^3(0[0-5]|095|[689])/.test(pan)) return 'diners';
  // 51-55 and 2221-2720, decided as soon as the digits allow: 2221-2229, 223-229, 23-26, 270-271, 2720.
  if (/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(pan)) return 'mastercard';
  return 'unknown';
};

/** How many digits the security code of a card with this number has. */
export const cvcLength = (cardNumber: string): number => BRAND_SPECS[detectBrand(cardNumber)].cvcLength;

/** Parses MM/YY and checks the card has not expired (valid through the end of that month). */
export const parseExpiry = (expiry: string, now = new Date()): { month: number; year: number } | undefined => {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() ? { month, year } : undefined;
};

const problem = <F extends CardField>(field: F, code: CardProblemCodes[F], message: string): CardProblem => ({
  field,
  code,
  message,
});

/** The card number's problem, or undefined when it is fine. */
export const cardNumberProblem = (value: string): CardProblem | undefined => {
  const pan = digitsOnly(value);
  if (pan.length === 0) return problem('number', 'required', 'Enter your card number.');
  if (!/^\d+$/.test(pan)) return problem('number', 'not_digits', 'The card number can only contain digits.');
  if (pan.length < 12 || pan.length > 19)
    return problem('number', 'length', 'The card number must be 12 to 19 digits.');
  if (!luhnValid(pan)) return problem('number', 'invalid', 'This card number is not valid. Check it and try again.');
  return undefined;
};

export const expiryProblem = (value: string, now = new Date()): CardProblem | undefined => {
  if (value.trim() === '') return problem('expiry', 'required', 'Enter the expiry date.');
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return problem('expiry', 'format', 'Enter the expiry date as MM/YY.');
  const month = Number(m[1]);
  if (month < 1 || month > 12) return problem('expiry', 'month', 'The month must be between 01 and 12.');
  if (!parseExpiry(value, now)) return problem('expiry', 'expired', 'This card has expired.');
  return undefined;
};

export const cvcProblem = (value: string, cardNumber: string): CardProblem | undefined => {
  const wanted = cvcLength(cardNumber);
  if (value.trim() === '') return problem('cvc', 'required', 'Enter the security code.');
  if (!/^\d+$/.test(value)) return problem('cvc', 'not_digits', 'The security code can only contain digits.');
  if (value.length !== wanted) return problem('cvc', 'length', `The security code is ${wanted} digits.`);
  return undefined;
};

/** Every problem of the card, at most one per field, in field order (number, expiry, cvc). */
export const cardProblems = (card: Pick<CardInput, CardField>, now = new Date()): CardProblem[] =>
  [cardNumberProblem(card.number), expiryProblem(card.expiry, now), cvcProblem(card.cvc, card.number)].filter(
    (p): p is CardProblem => p !== undefined,
  );

export type CardCheck = { ok: true; pan: string; summary: CardSummary } | { ok: false; problems: CardProblem[] };

/** Checks the card; when it is fine, returns the number to hand the acquirer and what may be stored. */
export const checkCard = (card: CardInput, now = new Date()): CardCheck => {
  const problems = cardProblems(card, now);
  const expiry = parseExpiry(card.expiry, now);
  if (problems.length > 0 || !expiry) return { ok: false, problems };
  const pan = digitsOnly(card.number);
  return {
    ok: true,
    pan,
    summary: {
      brand: cardBrand(pan),
      masked_pan: `${'*'.repeat(pan.length - 4)}${pan.slice(-4)}`,
      expiry_date: `${String(expiry.month).padStart(2, '0')}/${expiry.year}`,
      type: 'Credit',
    },
  };
};
