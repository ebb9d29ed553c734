import { vatIncluded } from '../../domain/demo-catalog';
import type { ShippingOption } from '../../domain/view-types';

/**
 * The demo store's shipping rules (pure): what its shipping address callback offers for an address.
 *   NO: home delivery priced by postal-code region, two pick-up points, express delivery;
 *   SE, DK, FI: one Nordic option; US: nothing (the store cannot ship there, `[]`);
 *   any other country: one worldwide option.
 * Code FREESHIP makes every option free.
 */
export interface ShippingAddressLike {
  country?: unknown;
  postal_code?: unknown;
}

const option = (o: ShippingOption): ShippingOption => ({
  operator: 'Kassa Post',
  ...o,
  vat: 25,
  vat_amount: vatIncluded(o.amount),
});

/** Home delivery price in øre by the first digit of a Norwegian postal code. */
export const homeDeliveryPrice = (postalCode: string): { amount: number; region: string } => {
  const digit = /^\d{4}$/.test(postalCode) ? Number(postalCode[0]) : 9;
  if (digit <= 1) return { amount: 4900, region: 'Oslo and Eastern Norway' };
  if (digit <= 5) return { amount: 6900, region: 'Southern and Western Norway' };
  if (digit <= 7) return { amount: 7900, region: 'Central Norway' };
  return { amount: 9900, region: 'Northern Norway' };
};

const WEEKDAYS = [1, 2, 3, 4, 5];
const openingHours = (weekdays: [string, string], saturday?: [string, string]) => ({
  timezone: 'Europe/Oslo',
  periods: [
    ...WEEKDAYS.map((day_of_week) => ({ day_of_week, opens_at: weekdays[0], closes_at: weekdays[1] })),
    ...(saturday ? [{ day_of_week: 6, opens_at: saturday[0], closes_at: saturday[1] }] : []),
  ],
});

const atDaysFrom = (now: Date, days: number, hour: number): string => {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const norway = (postalCode: string, now: Date): ShippingOption[] => {
  const home = homeDeliveryPrice(postalCode);
  return [
    option({
      id: 'home-delivery',
      line_id: 'home-delivery',
      amount: home.amount,
      title: 'Home delivery',
      description: `Delivered to your door (${home.region})`,
      delivery_method: 'delivery',
      eta: { working_days: [2, 3] },
    }),
    option({
      id: 'pick-up',
      line_id: 'pick-up-grunerlokka',
      amount: 0,
      title: 'Pick up at Kassa Café Grünerløkka',
      operator: 'Kassa Café',
      delivery_method: 'pick_up',
      pick_up_address: {
        address_line: 'Thorvald Meyers gate 49',
        postal_code: '0555',
        postal_place: 'Oslo',
        country: 'NO',
        distance: 1.2,
        opening_hours: openingHours(['08:00', '20:00'], ['10:00', '18:00']),
      },
      eta: { working_days: [1] },
    }),
    option({
      id: 'pick-up',
      line_id: 'pick-up-storo',
      amount: 2900,
      title: 'Pick-up point Storo Storsenter',
      delivery_method: 'pick_up',
      pick_up_address: {
        address_line: 'Vitaminveien 7',
        postal_code: '0485',
        postal_place: 'Oslo',
        country: 'NO',
        distance: 4.8,
        opening_hours: openingHours(['10:00', '21:00'], ['10:00', '20:00']),
      },
      eta: { working_days: [2, 3] },
    }),
    option({
      id: 'express',
      line_id: 'express',
      amount: 14900,
      title: 'Express delivery',
      description: 'Next working day before 16:00',
      delivery_method: 'delivery',
      eta: { starts_at: atDaysFrom(now, 1, 7), ends_at: atDaysFrom(now, 1, 14), working_days: [1] },
    }),
  ];
};

export const NORDIC = ['SE', 'DK', 'FI'];
export const CANNOT_SHIP_TO = ['US'];

export const demoShippingOptions = (
  address: ShippingAddressLike | undefined,
  opts: { freeShipping: boolean; now?: Date },
): ShippingOption[] => {
  const country = typeof address?.country === 'string' ? address.country.toUpperCase() : 'NO';
  const postalCode = typeof address?.postal_code === 'string' ? address.postal_code.trim() : '';
  let options: ShippingOption[];
  if (country === 'NO') options = norway(postalCode, opts.now ?? new Date());
  else if (CANNOT_SHIP_TO.includes(country)) options = [];
  else if (NORDIC.includes(country))
    options = [
      option({
        id: 'nordic',
        line_id: 'nordic',
        amount: 19900,
        title: 'Nordic delivery',
        delivery_method: 'delivery',
        eta: { working_days: [3, 5] },
      }),
    ];
  else
    options = [
      option({
        id: 'worldwide',
        line_id: 'worldwide',
        amount: 34900,
        title: 'Worldwide delivery',
        delivery_method: 'delivery',
        eta: { working_days: [5, 10] },
      }),
    ];
  return opts.freeShipping ? options.map((o) => ({ ...o, amount: 0, vat_amount: 0 })) : options;
};
