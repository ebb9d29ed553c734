/**
 * Every scope Kassa knows: the server's ALL_SCOPES (server/auth/scopes.ts) and the console's scope picker (a page may
 * not import server/) share this one list.
 */
export const SCOPE_NAMES = [
  'admin:checkout',
  'write:checkout',
  'read:checkout',
  'write:checkout:/admin/gateways',
  'write:checkout:/admin/checkout',
  'write:checkout:/admin/session/profiles',
  'admin:accounts',
  'read:accounts',
  'write:accounts',
  'read:accounts:/auth/clients',
  'write:accounts:/auth/clients',
  'read:accounts:/auth/client-grants',
  'write:accounts:/auth/client-grants',
  'read:accounts:/auth/users',
  'write:accounts:/auth/users',
  'admin:customers',
  'write:customers',
  'read:customers',
  'admin:wallets',
  'write:wallets',
  'read:wallets',
  'admin:discounts',
  'write:discounts',
  'read:discounts',
  'write:discounts:/available_for_receipt',
  'admin:shopping',
  'write:shopping',
  'read:shopping',
  'write:shopping:/orders/ANY/events',
] as const;

export type ScopeName = (typeof SCOPE_NAMES)[number];
