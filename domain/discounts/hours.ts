/**
 * discount_hours: the purchase time, read in the rule's IANA timezone (default Europe/Oslo) with
 * Intl.DateTimeFormat, so daylight saving is the timezone database's, must fall on a listed day with
 * start ≤ HH:MM < end. An end at or before the start runs past midnight.
 */
import type { DiscountHours } from './types';

const DAYS: Record<string, string> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};
const ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const formats = new Map<string, Intl.DateTimeFormat>(); // one per timezone: making one costs more than using it

const formatFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format)
    formats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })),
    );
  return format;
};

export const localDayAndTime = (at: Date, timeZone: string): { day: string; time: string } => {
  const parts = formatFor(timeZone).formatToParts(at);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { day: DAYS[get('weekday')] ?? '', time: `${get('hour')}:${get('minute')}` };
};

export const withinHours = (hours: DiscountHours, at: Date): boolean => {
  let local: { day: string; time: string };
  try {
    local = localDayAndTime(at, hours.timezone ?? 'Europe/Oslo');
  } catch {
    return false; // an unknown timezone never matches
  }
  const previous = ORDER[(ORDER.indexOf(local.day) + 6) % 7];
  return hours.hours.some((h) => {
    if (h.end > h.start) return h.day === local.day && local.time >= h.start && local.time < h.end;
    return (h.day === local.day && local.time >= h.start) || (h.day === previous && local.time < h.end);
  });
};
