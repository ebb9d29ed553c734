import { parseOptionalJson } from '../shared/json-columns';
import type { StoredSessionOrder } from './session-record';

/** The customer's browser as it opened the checkout: recorded on the session's VISITED event. */
export interface SessionVisitor {
  customer_ip: string;
  user_agent?: string;
}

/**
 * `customer_ip` and `user_agent` of the session read: those of the latest recorded visit of the checkout page
 * (the merchant's read only; the page and other accounts never see them).
 */
export const visitorOf = (events: readonly { name: string; details?: string | null }[]): Partial<SessionVisitor> => {
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.name !== 'VISITED') continue;
    const details = parseOptionalJson<Record<string, unknown>>(events[i]!.details);
    if (typeof details?.customer_ip !== 'string') continue;
    return {
      customer_ip: details.customer_ip,
      ...(typeof details.user_agent === 'string' ? { user_agent: details.user_agent } : {}),
    };
  }
  return {};
};

/**
 * The session's `country`: where the order ships, else where it is billed (ISO 3166-1 alpha-2); null when neither
 * says (the spec: "present on the read shape").
 */
export const countryOf = (order: StoredSessionOrder): string | null => {
  const country = order.shipping_address?.country ?? order.billing_address?.country;
  return typeof country === 'string' && country ? country : null;
};
