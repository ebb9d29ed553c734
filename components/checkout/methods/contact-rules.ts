import { lenderProblems, normalizeOrganizationNumber, organizationNumberLength } from '../../../domain/lender-details';
import type { ViewSession } from '../../../domain/view-types';
import type { Language } from '../../i18n/languages';
import type { MessageKey, MessageVars } from '../../i18n/translate';

export interface ContactValues {
  email: string;
  phone_number: string;
  country: string;
  business: boolean;
  organization_number: string;
}

/** The fields of the form that the server may name in its errors (`path` `email`, `payment.email`, ...). */
export const CONTACT_FIELDS = ['email', 'phone_number', 'country', 'organization_number'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A message for one field: its key and what fills it in. */
export interface ContactProblem {
  key: MessageKey;
  vars?: MessageVars;
}

/** The countries the sandbox invoice and installment lenders serve. */
export const CONTACT_COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'DE'] as const;
const COUNTRY_BY_LANGUAGE: Record<Language, string> = { en: 'NO', nb: 'NO', sv: 'SE', da: 'DK', fi: 'FI', de: 'DE' };

/** A country's name in the page's language. */
export const countryName = (code: string, language: Language): string =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;

/** What the customer already told the shop (addresses, customer), or a guess from the language. */
export const contactDefaults = (session: ViewSession, language: Language): ContactValues => {
  const address = session.order.billing_address ?? session.order.shipping_address;
  const country =
    address?.country && (CONTACT_COUNTRIES as readonly string[]).includes(address.country)
      ? address.country
      : COUNTRY_BY_LANGUAGE[language];
  return {
    email: address?.email ?? session.customer?.email ?? '',
    phone_number: address?.phone_number ?? session.customer?.phone_number ?? '',
    country,
    business: false,
    organization_number:
      address?.organization_number && typeof address.organization_number === 'string'
        ? address.organization_number
        : '',
  };
};

/** What an organization number of `country` must be, in the customer's words (NO 9 digits, SE 10: the domain's rule). */
const organizationNumberMessage = (country: string, language: Language): ContactProblem => {
  const { min, max } = organizationNumberLength(country);
  return min === max
    ? {
        key: 'contact.error_organization_number_country',
        vars: { digits: min, country: countryName(country, language) },
      }
    : { key: 'contact.error_organization_number', vars: { min, max } };
};

/**
 * The message for a field the server refused, by the field it named (never the server's English):
 * the same message the page's own check gives for that field.
 */
export const fieldMessage = (
  field: ContactField,
  values: Pick<ContactValues, 'country'>,
  language: Language,
): ContactProblem => {
  switch (field) {
    case 'email':
      return { key: 'contact.error_email' };
    case 'phone_number':
      return { key: 'contact.error_phone' };
    case 'country':
      return { key: 'contact.error_country' };
    case 'organization_number':
      return organizationNumberMessage(values.country, language);
  }
};

/** The field a server error's `path` names (`email`, `payment.organization_number`, ...), if it is one of the form's. */
export const fieldOfPath = (path: string): ContactField | undefined =>
  CONTACT_FIELDS.find((f) => path === f || path.endsWith(`.${f}`));

/** The rules the server applies (it checks again; the lender's are the domain's `lenderProblems`): a message per problem. */
export const contactProblems = (
  v: ContactValues,
  language: Language,
): Partial<Record<ContactField, ContactProblem>> => {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) problems.email = fieldMessage('email', v, language);
  if (!/^\+?[1-9]\d{1,14}$/.test(v.phone_number.replace(/[\s-]/g, '')))
    problems.phone_number = fieldMessage('phone_number', v, language);
  const organizationNumber = normalizeOrganizationNumber(v.organization_number);
  const lender = lenderProblems({
    country: v.country,
    organization_number: v.business ? organizationNumber : undefined,
  });
  for (const p of lender) problems[p.field] = fieldMessage(p.field, v, language);
  // buying for a business takes the number
  if (v.business && !organizationNumber && v.country)
    problems.organization_number = fieldMessage('organization_number', v, language);
  return problems;
};

/** The query of `POST .../payments/{type}` and the fields of the payment body. */
export const contactQuery = (v: ContactValues) => ({
  email: v.email.trim(),
  phone_number: v.phone_number.replace(/[\s-]/g, ''),
  country: v.country,
  ...(v.business ? { organization_number: normalizeOrganizationNumber(v.organization_number) } : {}),
});
