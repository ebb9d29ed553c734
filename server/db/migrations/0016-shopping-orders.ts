import type { Kysely } from 'kysely';

/** Filled in by issue 11 (orders). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
