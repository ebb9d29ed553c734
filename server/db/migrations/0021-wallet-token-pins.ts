import type { Kysely } from 'kysely';

/**
 * Issue 24 item 2 (ADR 030): a wallet card token pays at checkout only with its PIN, stored as
 * `pin_hash` (HMAC-SHA256 with a server key, never the PIN); tokens stored before have none and
 * cannot pay at checkout until re-issued. `gift_card_attempts` holds the checkout's wrong gift card
 * tries (an unknown token or card number, a wrong PIN), counted per session and per card
 * (`card_key`: the wallet card's row id, or the sandbox test card's id; null for an unknown token).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallet_tokens').addColumn('pin_hash', 'text').execute();
  await db.schema
    .createTable('gift_card_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('card_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_attempts_session')
    .on('gift_card_attempts')
    .columns(['session_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('gift_card_attempts_card')
    .on('gift_card_attempts')
    .columns(['account_id', 'card_key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gift_card_attempts').ifExists().execute();
  await db.schema.alterTable('wallet_tokens').dropColumn('pin_hash').execute();
}
