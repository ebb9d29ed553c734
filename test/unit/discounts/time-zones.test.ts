import { describe, expect, it } from 'vitest';
import { withinHours } from '../../../domain/discounts/hours';
import { buildOpenApiDocument } from '../../../server/http/openapi';
import { ROUTES } from '../../../server/http/route-table';
import { listedTimeZone, TIME_ZONES, TimeZone } from '../../../server/discounts/time-zones';

/** limitation.discount_hours.timezone: the document's TimeZone enum is the list the server checks, and each name works. */
type Json = Record<string, any>;
const doc = buildOpenApiDocument(ROUTES, '/') as Json;
const operation = (id: string): Json =>
  Object.values(doc.paths as Json)
    .flatMap((ops) => Object.values(ops as Json))
    .find((op: Json) => op.operationId === id);
const REF = { $ref: '#/components/schemas/TimeZone' };

describe('TimeZone', () => {
  it('is one component whose enum is the list the server checks, used by the rule input and output', () => {
    expect(doc.components.schemas.TimeZone.enum).toEqual([...TIME_ZONES]);
    const input = operation('discounts_rules_post').requestBody.content['application/json'].schema;
    expect(input.properties.limitation.properties.discount_hours.properties.timezone).toEqual(REF);
    const output = operation('discounts_rule_get').responses['200'].content['application/json'].schema;
    expect(output.properties.limitation.properties.discount_hours.properties.timezone).toEqual(REF);
  });

  it('lists Europe/Oslo (the default), UTC and the Etc/GMT offsets, and every name is a zone discount_hours reads', () => {
    for (const zone of ['Europe/Oslo', 'UTC', 'Etc/GMT+12', 'Etc/GMT-14']) expect(TIME_ZONES).toContain(zone);
    const monday = new Date('2026-06-15T12:00:00Z');
    for (const timezone of TIME_ZONES) {
      const allDay = (['mon', 'sun', 'tue'] as const).map((day) => ({ day, start: '00:00', end: '00:00' }));
      expect(withinHours({ timezone, hours: allDay }, monday), timezone).toBe(true);
      expect(TimeZone.safeParse(timezone).success).toBe(true);
    }
    for (const other of ['US/Eastern', 'europe/oslo', 'Mars/Olympus', ''])
      expect(TimeZone.safeParse(other).success).toBe(false);
  });

  it('reads a stored alias or other spelling as the listed name of its zone', () => {
    expect(listedTimeZone('US/Eastern')).toBe('America/New_York');
    expect(listedTimeZone('utc')).toBe('UTC');
    expect(listedTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(listedTimeZone('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
