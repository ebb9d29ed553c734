import { afterEach, describe, expect, it } from 'vitest';
import { getKassa } from '../../server/http/kassa-singleton';

/**
 * Issue 26 item 5: `next build` pre-rendered the landing page, which opened the database and made the demo merchant
 * with a secret nobody saw; the first `npm start` then could not show it. A build that asks for Kassa now fails.
 */
describe('Kassa during next build', () => {
  const phase = process.env.NEXT_PHASE;
  afterEach(() => {
    if (phase === undefined) delete process.env.NEXT_PHASE;
    else process.env.NEXT_PHASE = phase;
  });

  it('refuses to open the database while Next builds, naming the fix', () => {
    process.env.NEXT_PHASE = 'phase-production-build';
    expect(() => getKassa()).toThrow(/force-dynamic/);
  });
});
