import { z } from 'zod';
import { SCOPE_NAMES } from '../../domain/scope-names';
import { parseJsonWith } from '../shared/json-columns';

/**
 * Every scope Kassa knows (domain/scope-names.ts, which the console's scope picker shares). A route lists the scopes
 * it accepts (any of them suffices).
 */
export const ALL_SCOPES = SCOPE_NAMES;

export type Scope = (typeof ALL_SCOPES)[number];

/** `api_clients.scopes` / `api_keys.scopes` (JSON string[]): checked, as they decide what a caller may do. */
export const parseStoredScopes = (text: string): string[] => parseJsonWith(z.array(z.string()), text);

export const SCOPES = {
  checkoutWrite: ['admin:checkout', 'write:checkout'],
  checkoutRead: ['admin:checkout', 'read:checkout'],
  checkoutAdmin: ['admin:checkout'],
  accountsRead: ['admin:accounts', 'read:accounts'],
  accountsWrite: ['admin:accounts', 'write:accounts'],
  clientsRead: ['admin:accounts', 'read:accounts:/auth/clients', 'write:accounts:/auth/clients'],
  clientsWrite: ['admin:accounts', 'write:accounts:/auth/clients'],
  grantsRead: ['admin:accounts', 'read:accounts:/auth/client-grants', 'write:accounts:/auth/client-grants'],
  grantsWrite: ['admin:accounts', 'write:accounts:/auth/client-grants'],
  consoleUsersRead: ['admin:accounts', 'read:accounts', 'read:accounts:/auth/users', 'write:accounts:/auth/users'],
  consoleUsersWrite: ['admin:accounts', 'write:accounts:/auth/users'],
  customersRead: ['admin:customers', 'write:customers', 'read:customers'],
  customersWrite: ['admin:customers', 'write:customers'],
  walletsRead: ['admin:wallets', 'write:wallets', 'read:wallets'],
  walletsWrite: ['admin:wallets', 'write:wallets'],
  discountsRead: ['admin:discounts', 'write:discounts', 'read:discounts'],
  discountsWrite: ['admin:discounts', 'write:discounts'],
  discountsForReceipt: ['admin:discounts', 'write:discounts', 'write:discounts:/available_for_receipt'],
  shoppingRead: ['admin:shopping', 'write:shopping', 'read:shopping'],
  shoppingWrite: ['admin:shopping', 'write:shopping'],
  shoppingEvents: ['admin:shopping', 'write:shopping', 'write:shopping:/orders/ANY/events'],
} as const satisfies Record<string, readonly Scope[]>;

/** Who is calling: resolved from a bearer token or an API key. */
export interface Actor {
  accountId: string;
  /** client_id of the OAuth client, or `api-key:<id>`. */
  subject: string;
  scopes: readonly string[];
  /** A read-only console user: refused every operation but a read, whatever its scopes would allow (ADR 042). */
  readOnly?: true;
}

export const hasAnyScope = (actor: Actor, required: readonly string[]): boolean =>
  required.length === 0 || required.some((s) => actor.scopes.includes(s));
