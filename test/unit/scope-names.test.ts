import { describe, expect, it } from 'vitest';
import { SCOPE_NAMES } from '../../domain/scope-names';
import { ALL_SCOPES } from '../../server/auth/scopes';

describe("the console's copy of the scopes (domain/scope-names.ts)", () => {
  it('is exactly ALL_SCOPES, in the same order', () => {
    expect([...SCOPE_NAMES]).toEqual([...ALL_SCOPES]);
  });
});
