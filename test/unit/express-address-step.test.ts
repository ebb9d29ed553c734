import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Address, ViewSession } from '../../domain/view-types';
import { AddressStep } from '../../components/checkout/express/address-step';
import { I18nProvider } from '../../components/i18n/i18n-provider';
import { LANGUAGES, type Language } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';

const KARI: Address = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  address_line: 'Storgata 1',
  postal_code: '0150',
  postal_place: 'Oslo',
  country: 'NO',
  email: 'kari@example.com',
  phone_number: '+4791234567',
};

/** The address step as the page first renders it, for an order with `address` (none: not given yet). */
const render = (language: Language, address: Address | undefined, needsShipping = true): string => {
  const session = {
    order: { currency: 'NOK', amount: 39800, ...(address ? { shipping_address: address } : {}) },
    configuration: {},
    express: { shipping_options: [], shipping_address_callback: true },
  } as unknown as ViewSession;
  const step = createElement(AddressStep, { session, busy: false, needsShipping, onSave: async () => undefined });
  return renderToStaticMarkup(createElement(I18nProvider, { language, messages: MESSAGES[language], children: step }));
};

describe('the address step', () => {
  it('folds a saved address into one line with Change, in every language', () => {
    const expected: Record<Language, [string, string]> = {
      en: ['Ship to Kari Nordmann, Storgata 1, 0150 Oslo, Norway', 'Change address'],
      nb: ['Sendes til Kari Nordmann, Storgata 1, 0150 Oslo, Norge', 'Endre adresse'],
      sv: ['Skickas till Kari Nordmann, Storgata 1, 0150 Oslo, Norge', 'Ändra adress'],
      da: ['Sendes til Kari Nordmann, Storgata 1, 0150 Oslo, Norge', 'Ændr adresse'],
      fi: ['Toimitetaan osoitteeseen Kari Nordmann, Storgata 1, 0150 Oslo, Norja', 'Muuta osoitetta'],
      de: ['Lieferung an Kari Nordmann, Storgata 1, 0150 Oslo, Norwegen', 'Adresse ändern'],
    };
    for (const language of LANGUAGES) {
      const html = render(language, KARI);
      const [line, change] = expected[language];
      expect(html, language).toContain(`>${line}<`);
      expect(html, language).toContain(`aria-label="${change}"`);
      expect(html, language).toContain('kari@example.com, +4791234567');
      expect(html, language).not.toContain('<form');
    }
  });

  it('without shipping, the line is the contact address and Change names the contact details', () => {
    const html = render('en', KARI, false);
    expect(html).toContain('>Kari Nordmann, Storgata 1, 0150 Oslo, Norway<');
    expect(html).toContain('aria-label="Change contact details"');
  });

  it('shows the form until an address with name, street, postal code and place is saved; every field is marked required', () => {
    for (const address of [undefined, { email: 'kari@example.com' }]) {
      const html = render('en', address);
      expect(html).toContain('<form');
      const inputs = html.match(/<(input|select)\b[^>]*>/g)!.filter((tag) => !tag.includes('type="checkbox"'));
      expect(inputs).toHaveLength(8); // email, phone, first and last name, street, postal code, city, country
      for (const tag of inputs) expect(tag).toContain('aria-required="true"');
      expect(html).toMatch(/autocomplete="address-line1"/i); // one line of street, not the whole street-address
      expect(html).not.toContain('street-address');
    }
  });
});
