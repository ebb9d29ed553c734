import { z } from 'zod';
import { cardBrand, digitsOnly, luhnValid, parseExpiry } from '../../domain/card';

/** One clear message per field, or undefined when the value is fine. */
export const cardNumberProblem = (value: string): string | undefined => {
  const pan = digitsOnly(value);
  if (pan.length === 0) return 'Enter your card number.';
  if (!/^\d+$/.test(pan)) return 'The card number can only contain digits.';
  if (pan.length < 12 || pan.length > 19) return 'The card number must be 12 to 19 digits.';
  if (!luhnValid(pan)) return 'This card number is not valid. Check it and try again.';
  return undefined;
};

export const expiryProblem = (value: string, now = new Date()): string | undefined => {
  if (value.trim() === '') return 'Enter the expiry date.';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return 'Enter the expiry date as MM/YY.';
  const month = Number(m[1]);
  if (month < 1 || month > 12) return 'The month must be between 01 and 12.';
  if (!parseExpiry(value, now)) return 'This card has expired.';
  return undefined;
};

export const cvcProblem = (value: string, cardNumber: string): string | undefined => {
  const wanted = cardBrand(digitsOnly(cardNumber)) === 'American Express' ? 4 : 3;
  if (value.trim() === '') return 'Enter the security code.';
  if (!/^\d+$/.test(value)) return 'The security code can only contain digits.';
  if (value.length !== wanted) return `The security code is ${wanted} digits.`;
  return undefined;
};

const check = (problem: (v: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const cardFormSchema = z
  .object({ number: check(cardNumberProblem), expiry: check((v) => expiryProblem(v)), cvc: z.string() })
  .superRefine((card, ctx) => {
    const message = cvcProblem(card.cvc, card.number);
    if (message) ctx.addIssue({ code: 'custom', path: ['cvc'], message });
  });

export type CardFormValues = z.infer<typeof cardFormSchema>;

/** "4111111111111111" -> "4111 1111 1111 1111" while typing. */
export const formatCardNumber = (value: string): string =>
  value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" -> "12/30" while typing; keeps a typed slash. */
export const formatExpiry = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
};
