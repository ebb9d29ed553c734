import { describe, expect, it } from 'vitest';
import { holdsScope, scopesNotHeld } from '../../server/auth/no-escalation';
import { ALL_SCOPES } from '../../server/auth/scopes';
import { routesFor } from '../../server/http/route-table';

/** ADR 042: what "a scope the caller holds" means, and that it never claims more than the route table gives. */
describe('holding a scope', () => {
  it('admin:<service> holds every scope of its service; nothing else holds another scope', () => {
    expect(holdsScope(['admin:accounts'], 'write:accounts:/auth/clients')).toBe(true);
    expect(holdsScope(['admin:checkout'], 'read:checkout')).toBe(true);
    expect(holdsScope(['admin:checkout'], 'read:accounts')).toBe(false);
    expect(holdsScope(['write:accounts'], 'write:accounts:/auth/clients')).toBe(false);
    expect(holdsScope(['write:checkout'], 'read:checkout')).toBe(false);
    expect(holdsScope(['write:accounts:/auth/clients'], 'read:accounts:/auth/clients')).toBe(false);
    expect(holdsScope(['admin:checkout:/x'], 'read:checkout')).toBe(false);
    expect(holdsScope([], 'read:checkout')).toBe(false);
    expect(scopesNotHeld({ scopes: ['admin:accounts', 'read:checkout'] }, ALL_SCOPES)).not.toContain('write:accounts');
    expect(scopesNotHeld({ scopes: ALL_SCOPES }, ALL_SCOPES)).toEqual([]);
  });

  it('a scope held through admin:<service> opens no operation that admin:<service> does not, under either scope table', () => {
    const wrong: string[] = [];
    for (const strict of [false, true]) {
      const routes = routesFor({ KASSA_SESSION_UPDATE_REQUIRES_WRITE: strict });
      for (const held of ALL_SCOPES)
        for (const wanted of ALL_SCOPES.filter((s) => s !== held && holdsScope([held], s)))
          for (const r of routes)
            if (r.scopes?.includes(wanted) && !r.scopes.includes(held))
              wrong.push(`${held} holds ${wanted}, but only ${wanted} opens ${r.operationId}`);
    }
    expect(wrong).toEqual([]);
  });
});
