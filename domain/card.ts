import { AppError, type ErrorDetail } from '../server/errors/app-error';
import type { CardInput, CardSummary } from '../server/providers/acquirer';

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

/** Validates the card input; throws INVALID_CARD listing each bad field. Returns what may be stored. */
export const validateCard = (card: CardInput, now = new Date()): { pan: string; summary: CardSummary } => {
  const pan = digitsOnly(card.number);
  const errors: ErrorDetail[] = [];
  if (!luhnValid(pan)) errors.push({ path: 'payment.card.number', message: 'Card number is not valid' });
  const expiry = parseExpiry(card.expiry, now);
  if (!expiry) errors.push({ path: 'payment.card.expiry', message: 'Expiry date must be a future month as MM/YY' });
  const brand = cardBrand(pan);
  const cvcLength = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) errors.push({ path: 'payment.card.cvc', message: `Security code must be ${cvcLength} digits` });
  if (errors.length > 0 || !expiry) throw new AppError('INVALID_CARD', 'The card details are not valid', { errors });
  return {
    pan,
    summary: {
      brand,
      masked_pan: `${'*'.repeat(pan.length - 4)}${pan.slice(-4)}`,
      expiry_date: `${String(expiry.month).padStart(2, '0')}/${expiry.year}`,
      type: 'Credit',
    },
  };
};
