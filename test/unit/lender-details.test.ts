import { describe, expect, it } from 'vitest';
import { lenderProblems, organizationNumberLength } from '../../domain/lender-details';
import { lenderProblems as serverLenderProblems } from '../../server/sessions/lender-details';
import {
  contactProblems,
  fieldMessage,
  fieldOfPath,
  type ContactValues,
} from '../../components/checkout/methods/contact-rules';
import { MESSAGES } from '../../components/i18n/messages';
import { createTranslate } from '../../components/i18n/translate';

const nb = createTranslate(MESSAGES.nb);
const values = (v: Partial<ContactValues>): ContactValues => ({
  email: 'kari@example.com',
  phone_number: '+4741234567',
  country: 'NO',
  business: true,
  organization_number: '',
  ...v,
});
const COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'DE'];
const NUMBERS = ['12345678', '123456789', '1234567890', '12345678901'];

describe('the organization number rule (domain, shared by page and server)', () => {
  it('is 9 digits in Norway, 10 in Sweden, and 9 or 10 elsewhere', () => {
    expect(organizationNumberLength('NO')).toEqual({ min: 9, max: 9 });
    expect(organizationNumberLength('SE')).toEqual({ min: 10, max: 10 });
    expect(organizationNumberLength('DK')).toEqual({ min: 9, max: 10 });
    expect(organizationNumberLength('toString')).toEqual({ min: 9, max: 10 });
    expect(lenderProblems({ country: 'NO', organization_number: '1234567890' })).toEqual([
      { field: 'organization_number', code: 'digits', message: 'must be 9 digits for NO' },
    ]);
    expect(lenderProblems({ country: 'SE', organization_number: '1234567890' })).toEqual([]);
    expect(lenderProblems({ country: undefined })).toMatchObject([{ field: 'country', code: 'required' }]);
  });

  it("refuses what the server's lender check refuses, for every country and length the API takes", () => {
    for (const country of COUNTRIES) {
      for (const organization_number of NUMBERS.filter((n) => /^\d{9,10}$/.test(n))) {
        const server = serverLenderProblems({ country, organization_number }).map((p) => p.message);
        const domain = lenderProblems({ country, organization_number }).map((p) => p.message);
        expect(domain, `${country} ${organization_number}`).toEqual(server);
      }
    }
  });
});

describe('the invoice form (contact rules)', () => {
  it('checks the organization number per country, in the page language', () => {
    expect(contactProblems(values({ organization_number: '1234567890' }), 'nb').organization_number).toEqual({
      key: 'contact.error_organization_number_country',
      vars: { digits: 9, country: 'Norge' },
    });
    const p = contactProblems(values({ organization_number: '1234567890' }), 'nb').organization_number!;
    expect(nb(p.key, p.vars)).toBe('Fyll inn et organisasjonsnummer på 9 sifre for Norge.');
    expect(contactProblems(values({ organization_number: '123 456 789' }), 'nb')).toEqual({});
    expect(
      contactProblems(values({ country: 'SE', organization_number: '123456789' }), 'nb').organization_number?.vars,
    ).toEqual({ digits: 10, country: 'Sverige' });
    expect(contactProblems(values({ country: 'SE', organization_number: '556677-8899' }), 'nb')).toEqual({});
    expect(contactProblems(values({ business: false, organization_number: 'x' }), 'nb')).toEqual({});
    expect(contactProblems(values({ country: 'DK', organization_number: '' }), 'en').organization_number).toEqual({
      key: 'contact.error_organization_number',
      vars: { min: 9, max: 10 },
    });
  });

  it('accepts on the page exactly what the server accepts', () => {
    for (const country of COUNTRIES) {
      for (const organization_number of NUMBERS) {
        const page = contactProblems(values({ country, organization_number }), 'en').organization_number === undefined;
        const server =
          /^\d{9,10}$/.test(organization_number) && serverLenderProblems({ country, organization_number }).length === 0;
        expect(page, `${country} ${organization_number}`).toBe(server);
      }
    }
  });

  it("shows a server's field error by the field it names, in the page language, never the server's text", () => {
    expect(fieldOfPath('payment.organization_number')).toBe('organization_number');
    expect(fieldOfPath('email')).toBe('email');
    expect(fieldOfPath('payment_product_type')).toBeUndefined();
    const org = fieldMessage('organization_number', { country: 'NO' }, 'nb');
    expect(nb(org.key, org.vars)).toBe('Fyll inn et organisasjonsnummer på 9 sifre for Norge.');
    expect(nb(fieldMessage('phone_number', { country: 'NO' }, 'nb').key)).toBe(MESSAGES.nb.contact.error_phone);
  });
});
