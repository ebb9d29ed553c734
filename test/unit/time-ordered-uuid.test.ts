import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { timeOrderedUuid } from '../../server/shared/ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedUuid (UUID version 7, for append-only row keys)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a version 7, RFC variant UUID that the API schemas accept', () => {
    for (let i = 0; i < 1000; i++) {
      const id = timeOrderedUuid();
      expect(id).toMatch(V7);
      expect(z.string().uuid().safeParse(id).success).toBe(true);
    }
  });

  it('carries the millisecond time first, so later ids sort after earlier ones', () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2026, 10, 24, 6, 0, 0, 0));
    const earlier = timeOrderedUuid();
    now.mockReturnValue(Date.UTC(2026, 10, 24, 6, 0, 0, 1));
    const later = timeOrderedUuid();
    expect(earlier < later).toBe(true);
    expect(Number.parseInt(earlier.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 24, 6, 0, 0, 0));
  });

  it('does not repeat within one millisecond (74 random bits)', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_795_000_000_000);
    const ids = new Set(Array.from({ length: 100_000 }, timeOrderedUuid));
    expect(ids.size).toBe(100_000);
  });
});
