import type { Address, ViewSession } from './view-types';

/**
 * What an express order still needs before it can be paid, the first one the shopper must give:
 * the page holds Pay until it is given (issue 28). The same rule as the server's, which refuses
 * the payment otherwise (assertExpressReady in server/payments/attempt/start-payment.ts).
 */
export type ExpressNeed = 'address' | 'shipping_option';

export const expressNeed = (session: Pick<ViewSession, 'order' | 'express'>): ExpressNeed | undefined => {
  const { express, order } = session;
  if (!express) return undefined;
  if (!order.shipping_address) return 'address';
  const offersShipping = express.shipping_address_callback || express.shipping_options.length > 0;
  if (offersShipping && !order.shipping_option) return 'shipping_option';
  return undefined;
};

const filled = (s: string | undefined): string => (s ?? '').trim();

/** The address has what a parcel needs (name, street, postal code and place): the page may show it folded. */
export const addressComplete = (a: Address | undefined): a is Address =>
  a !== undefined &&
  [a.first_name, a.last_name, a.address_line, a.postal_code, a.postal_place].every((s) => filled(s) !== '');

/**
 * The address on one line, as a folded step shows it: "Kari Nordmann, Storgata 1, 0150 Oslo, Norway"
 * (`countryName` names the country code in the page's language; without it the country is left out).
 */
export const addressLine = (a: Address, countryName?: (code: string) => string | undefined): string =>
  [
    [filled(a.first_name), filled(a.last_name)].filter(Boolean).join(' '),
    filled(a.address_line),
    filled(a.address_line_2),
    [filled(a.postal_code), filled(a.postal_place)].filter(Boolean).join(' '),
    a.country && countryName ? (countryName(a.country) ?? a.country) : '',
  ]
    .filter(Boolean)
    .join(', ');

/** The contact details on one line: "kari@example.com, +4791234567". */
export const contactLine = (a: Address): string => [filled(a.email), filled(a.phone_number)].filter(Boolean).join(', ');
