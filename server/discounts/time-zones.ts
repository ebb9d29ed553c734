import { z } from 'zod';

/**
 * The timezones a rule's `limitation.discount_hours.timezone` may name: the IANA zones of this runtime's timezone
 * database (Intl.supportedValuesOf), plus UTC and the fixed-offset Etc/GMT±N zones, which Intl accepts but does not list.
 * Every name is one Intl.DateTimeFormat (domain/discounts/hours.ts) reads, and the schema below is the one check, so the
 * document's enum and what the server takes are the same list.
 */
const accepted = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const FIXED_OFFSETS = [
  'UTC',
  'Etc/UTC',
  'Etc/GMT',
  ...Array.from({ length: 12 }, (_, i) => `Etc/GMT+${i + 1}`),
  ...Array.from({ length: 14 }, (_, i) => `Etc/GMT-${i + 1}`),
];

export const TIME_ZONES: readonly [string, ...string[]] = [
  ...new Set([...Intl.supportedValuesOf('timeZone'), ...FIXED_OFFSETS].filter(accepted)),
].sort() as [string, ...string[]];

const LISTED = new Set<string>(TIME_ZONES);

export const TimeZone = z.enum(TIME_ZONES, { error: 'must be an IANA timezone, e.g. Europe/Oslo' }).meta({
  id: 'TimeZone',
  description: 'An IANA timezone name, spelled as listed (e.g. `Europe/Oslo`, `UTC`)',
});

/**
 * The listed name of a stored timezone: rules stored before the list was enforced may hold an alias or another
 * spelling that Intl took (`US/Eastern`, `utc`); Intl resolves it to the zone it reads, which is listed.
 */
export const listedTimeZone = (zone: string): string => {
  if (LISTED.has(zone) || !accepted(zone)) return zone;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return LISTED.has(resolved) ? resolved : zone;
};
