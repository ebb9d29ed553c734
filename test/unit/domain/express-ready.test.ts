import { describe, expect, it } from 'vitest';
import { addressComplete, addressLine, contactLine, expressNeed } from '../../../domain/express-ready';
import type { ShippingOption, ViewExpress, ViewOrder } from '../../../domain/view-types';

const KARI = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  address_line: 'Storgata 1',
  postal_code: '0150',
  postal_place: 'Oslo',
  country: 'NO',
  email: 'kari@example.com',
  phone_number: '+4791234567',
};
const HOME = { id: 'home', line_id: 'home', amount: 4900, vat_amount: 980, title: 'Home delivery' } as ShippingOption;

const express = (over: Partial<ViewExpress> = {}): ViewExpress => ({
  shipping_options: [],
  shipping_mode: 'shipping_required',
  shipping_address_callback: true,
  customer_types: ['b2c'],
  ...over,
});
const order = (over: Partial<ViewOrder> = {}) => ({ amount: 39800, currency: 'NOK', ...over }) as ViewOrder;

describe('expressNeed: what an express order lacks before Pay (the server refuses the same)', () => {
  it('a session that is not express needs nothing', () => {
    expect(expressNeed({ order: order() })).toBeUndefined();
  });

  it('first the address, then the shipping option when the shop offers shipping', () => {
    expect(expressNeed({ order: order(), express: express() })).toBe('address');
    expect(expressNeed({ order: order({ shipping_address: KARI }), express: express() })).toBe('shipping_option');
    expect(
      expressNeed({ order: order({ shipping_address: KARI, shipping_option: HOME }), express: express() }),
    ).toBeUndefined();
  });

  it('fixed options without a callback need a choice too; no callback and no options need only the address', () => {
    const fixed = express({ shipping_address_callback: false, shipping_options: [HOME] });
    expect(expressNeed({ order: order({ shipping_address: KARI }), express: fixed })).toBe('shipping_option');
    const none = express({ shipping_address_callback: false, shipping_options: [] });
    expect(expressNeed({ order: order(), express: none })).toBe('address');
    expect(expressNeed({ order: order({ shipping_address: KARI }), express: none })).toBeUndefined();
  });
});

describe('the folded address', () => {
  it('is one line as a parcel label has it, the country named in the page language', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(addressLine(KARI, (c) => names.of(c))).toBe('Kari Nordmann, Storgata 1, 0150 Oslo, Norway');
    expect(addressLine(KARI)).toBe('Kari Nordmann, Storgata 1, 0150 Oslo');
    expect(addressLine({ ...KARI, address_line_2: ' c/o Hansen ', last_name: ' ' })).toBe(
      'Kari, Storgata 1, c/o Hansen, 0150 Oslo',
    );
  });

  it('has the contact details on a line of their own', () => {
    expect(contactLine(KARI)).toBe('kari@example.com, +4791234567');
    expect(contactLine({ email: 'kari@example.com' })).toBe('kari@example.com');
  });

  it('folds only an address with name, street, postal code and place', () => {
    expect(addressComplete(KARI)).toBe(true);
    expect(addressComplete(undefined)).toBe(false);
    expect(addressComplete({ email: 'kari@example.com' })).toBe(false);
    expect(addressComplete({ ...KARI, postal_place: '  ' })).toBe(false);
  });
});
