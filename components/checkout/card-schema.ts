import type { FieldErrors, Resolver } from 'react-hook-form';
import { cardProblems, cvcLength, type CardBrandId, type CardField, type CardProblemCodes } from '../../domain/card';
import type { MessageKey, MessageVars, Translate } from '../i18n/translate';

export type CardFormValues = Record<CardField, string>;

/**
 * react-hook-form runs the domain's card rules (the very rules the server applies) directly: one
 * problem per field, its `code` kept as the error's `type` so the page can say it in any language,
 * and no schema library in the page's bundle.
 */
export const cardFormResolver: Resolver<CardFormValues> = (values) => {
  const problems = cardProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<CardFormValues> = {};
  for (const p of problems) errors[p.field] = { type: p.code, message: p.message };
  return { values: {}, errors };
};

/** The message for each problem code of each field; the type check wants every code the domain has. */
const ERROR_KEYS: { [F in CardField]: Record<CardProblemCodes[F], MessageKey> } = {
  number: {
    required: 'card.error_number_required',
    not_digits: 'card.error_number_not_digits',
    length: 'card.error_number_length',
    invalid: 'card.error_number_invalid',
  },
  expiry: {
    required: 'card.error_expiry_required',
    format: 'card.error_expiry_format',
    month: 'card.error_expiry_month',
    expired: 'card.error_expiry_expired',
  },
  cvc: {
    required: 'card.error_cvc_required',
    not_digits: 'card.error_cvc_not_digits',
    length: 'card.error_cvc_length',
  },
};

/** For a code the page does not know (say, a server error without one): a plain "check this field". */
const OTHER_KEYS: Record<CardField, MessageKey> = {
  number: 'card.error_number_other',
  expiry: 'card.error_expiry_other',
  cvc: 'card.error_cvc_other',
};

/** The message key for a field's problem `code` (the react-hook-form error's `type`). */
export const cardErrorKey = (field: CardField, code: string | undefined): MessageKey => {
  const keys: Record<string, MessageKey> = ERROR_KEYS[field];
  return (code !== undefined && Object.hasOwn(keys, code) ? keys[code] : undefined) ?? OTHER_KEYS[field];
};

/** The customer's message for a field's problem, in their language. */
export const cardErrorMessage = (
  t: Translate,
  field: CardField,
  code: string | undefined,
  values: Pick<CardFormValues, 'number'>,
): string => {
  const vars: MessageVars = { digits: cvcLength(values.number) };
  return t(cardErrorKey(field, code), vars);
};

export const BRAND_NAME_KEYS: Record<Exclude<CardBrandId, 'unknown'>, MessageKey> = {
  visa: 'card.brand_visa',
  mastercard: 'card.brand_mastercard',
  amex: 'card.brand_amex',
  diners: 'card.brand_diners',
};
