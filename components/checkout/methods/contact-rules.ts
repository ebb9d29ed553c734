import type { ViewSession } from '../../../domain/view-types';
import type { Language } from '../../i18n/languages';
import type { MessageKey } from '../../i18n/translate';

export interface ContactValues {
  email: string;
  phone_number: string;
  country: string;
  business: boolean;
  organization_number: string;
}

/** The countries the sandbox invoice and installment lenders serve. */
export const CONTACT_COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'DE'] as const;
const COUNTRY_BY_LANGUAGE: Record<Language, string> = { en: 'NO', nb: 'NO', sv: 'SE', da: 'DK', fi: 'FI', de: 'DE' };

/** What the customer already told the shop (addresses, customer), or a guess from the language. */
export const contactDefaults = (session: ViewSession, language: Language): ContactValues => {
  const address = session.order.billing_address ?? session.order.shipping_address;
  const country = address?.country && (CONTACT_COUNTRIES as readonly string[]).includes(address.country) ? address.country : COUNTRY_BY_LANGUAGE[language];
  return {
    email: address?.email ?? session.customer?.email ?? '',
    phone_number: address?.phone_number ?? session.customer?.phone_number ?? '',
    country,
    business: false,
    organization_number: address?.organization_number && typeof address.organization_number === 'string' ? address.organization_number : '',
  };
};

/** The same rules the server applies (it checks again): a message key per problem. */
export const contactProblems = (v: ContactValues): Partial<Record<keyof ContactValues, MessageKey>> => {
  const problems: Partial<Record<keyof ContactValues, MessageKey>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) problems.email = 'contact.error_email';
  if (!/^\+?[1-9]\d{1,14}$/.test(v.phone_number.replace(/[\s-]/g, ''))) problems.phone_number = 'contact.error_phone';
  if (!v.country) problems.country = 'contact.error_country';
  if (v.business && !/^\d{9,10}$/.test(v.organization_number.replace(/[\s-]/g, ''))) problems.organization_number = 'contact.error_organization_number';
  return problems;
};

/** The query of `POST .../payments/{type}` and the fields of the payment body. */
export const contactQuery = (v: ContactValues) => ({
  email: v.email.trim(),
  phone_number: v.phone_number.replace(/[\s-]/g, ''),
  country: v.country,
  ...(v.business ? { organization_number: v.organization_number.replace(/[\s-]/g, '') } : {}),
});
