import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, unavailableCause } from '../../server/db/unavailable';
import { createLogger } from '../../server/observability/logger';
import { createUnavailableLog } from '../../server/observability/unavailable-log';

/** Issue 37 item 23: a 503 for an unavailable database is logged once per cause per interval, with the count not logged. */
const capture = () => {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('warn', { write: (l: string) => void lines.push(JSON.parse(l)) }) };
};
const readTimeout = () => new Error('Query read timeout');
const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('the 503 log', () => {
  it('names the cause of an outage in a few bounded words', () => {
    expect(unavailableCause(readTimeout())).toBe('Query read timeout');
    expect(unavailableCause(busy())).toBe('SQLITE_BUSY');
    expect(unavailableCause(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe('57014');
    const noConnection = new DatabaseUnreachableError(new Error('timeout exceeded when trying to connect'));
    expect(unavailableCause(noConnection)).toBe('no connection: timeout exceeded when trying to connect');
  });

  it('logs each cause once per interval, then says how many were not logged; anything else is not its business', () => {
    let now = 0;
    const { lines, logger } = capture();
    const log = createUnavailableLog(logger, 60_000, () => now);
    for (let i = 0; i < 5; i++) expect(log(readTimeout(), { request_id: `r${i}` })).toBe(true);
    expect(log(busy())).toBe(true);
    expect(log(new Error('a bug'))).toBe(false);
    expect(lines.map((l) => [l.cause, l.suppressed, l.request_id])).toEqual([
      ['Query read timeout', 0, 'r0'],
      ['SQLITE_BUSY', 0, undefined],
    ]);
    now = 60_000;
    log(readTimeout());
    expect(lines.at(-1)).toMatchObject({ cause: 'Query read timeout', suppressed: 4, level: 'warn' });
  });
});
