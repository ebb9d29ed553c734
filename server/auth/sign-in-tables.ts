/*
 * Kysely table types of the sign-in limits' memory (migration 0034, server/auth/sign-in-limits.ts);
 * server/db/schema.ts's DB extends `SignInTables`.
 */

/** One counted key (`console:…`, `demo:…`): its count within the window that ends at `window_ends_at`. */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** An address that signed in lately (`<what>/<who>/<address>`): it passes the ceiling from every address until `until`. */
export interface GoodAddressesTable {
  key: string;
  until: string;
}

export interface SignInTables {
  attempt_counters: AttemptCountersTable;
  good_addresses: GoodAddressesTable;
}
