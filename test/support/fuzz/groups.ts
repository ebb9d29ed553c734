import type { RouteDef } from '../../../server/http/route';
import { ROUTES } from '../../../server/http/route-table';

/**
 * Every operation of the route table falls in exactly one group; each group is one test file,
 * test/integration/fuzz-<group>.test.ts (so vitest's workers run them side by side). `other` takes
 * whatever the groups before it do not: an operation added tomorrow is fuzzed there at the latest.
 */
export const FUZZ_GROUPS: readonly (readonly [string, (r: RouteDef) => boolean])[] = [
  ['sessions', (r) => r.path.startsWith('/v1/sessions') || r.path.endsWith('/auth/token')],
  ['view', (r) => r.path.startsWith('/v1/view/')],
  [
    'transactions',
    (r) =>
      r.path.startsWith('/v1/transactions') || r.path.startsWith('/v1/card-tokens') || r.path.startsWith('/v1/admin/'),
  ],
  [
    'accounts',
    (r) => /^\/v1\/accounts\/\{aid\}\/(customers|wallets|payout-destinations|stores|terminals)\//.test(`${r.path}/`),
  ],
  ['shopping', (r) => /^\/v1\/accounts\/\{aid\}\/(discounts|shopping)\//.test(`${r.path}/`)],
  ['other', () => true],
];

export const groupOf = (route: RouteDef): string => FUZZ_GROUPS.find(([, inGroup]) => inGroup(route))![0];

export const operationsOf = (group: string): RouteDef[] => ROUTES.filter((r) => groupOf(r) === group);
