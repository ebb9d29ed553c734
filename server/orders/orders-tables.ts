/** Kysely table types of this area (issue 11); server/db/schema.ts's DB extends this interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrderTables {}
