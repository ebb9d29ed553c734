import type { FieldErrors, Resolver } from 'react-hook-form';
import { cardProblems, type CardField } from '../../domain/card';

export type CardFormValues = Record<CardField, string>;

/**
 * react-hook-form runs the domain's card rules (the very rules the server applies) directly: one
 * message per field, and no schema library in the page's bundle.
 */
export const cardFormResolver: Resolver<CardFormValues> = (values) => {
  const problems = cardProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<CardFormValues> = {};
  for (const p of problems) errors[p.field] = { type: p.code, message: p.message };
  return { values: {}, errors };
};

/** "4111111111111111" -> "4111 1111 1111 1111" while typing. */
export const formatCardNumber = (value: string): string =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" -> "12/30" while typing; keeps a typed slash. */
export const formatExpiry = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
};
