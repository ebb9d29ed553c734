/** Kysely table types of this area (issue 11, migration 0016); server/db/schema.ts's DB extends this interface. */

/** A draft (order_id null) or, once completed, an order: one row, so completion keeps the resource id. */
export interface ShoppingOrdersTable {
  /** uuid, the resource `id`; a completed draft's order_id defaults to it. */
  id: string;
  account_id: string;
  /** Null while the row is a draft. Unique per account (NULLs never collide on either engine). */
  order_id: string | null;
  order_number: string | null;
  status: string;
  /** JSON OrderData: currency, items and every updatable field, as validated. */
  data: string;
  /** JSON array of api events and status events, oldest first. */
  events: string;
  version: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  /** updated_at + time_to_live, when the order has one; cleared once the order is emptied. */
  expires_at: string | null;
  /** When the expiry job emptied the order (null until then). */
  emptied_at: string | null;
}

/** The per-account counter order numbers come from. */
export interface ShoppingOrderNumbersTable {
  account_id: string;
  value: number;
}

export interface OrderTables {
  shopping_orders: ShoppingOrdersTable;
  shopping_order_numbers: ShoppingOrderNumbersTable;
}
