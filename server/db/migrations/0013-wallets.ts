import type { Kysely } from 'kysely';

/**
 * Wallet cards (issue 10): a card per account and `card_id`; its balance is the sum of its ledger
 * (`wallet_transactions`, one row per drawdown or fund, numbered by `seq` per card, `ref_id` unique per card); short-lived card
 * tokens (`wallet_tokens`, `ref_id` unique per card; `live_value` is the value while the token has
 * not been found expired, unique per account); and which token a checkout session applied for a card
 * (`wallet_session_tokens`), so paying uses that token up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('name', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('active_from', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('wallet_cards_account_card', ['account_id', 'card_id'])
    .execute();
  await db.schema
    .createIndex('wallet_cards_account_created')
    .on('wallet_cards')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('card_row_id', 'text', (c) => c.notNull().references('wallet_cards.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_change', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text')
    .addColumn('payment_transaction_id', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('wallet_transactions_card_ref', ['card_row_id', 'ref_id'])
    .addUniqueConstraint('wallet_transactions_card_seq', ['card_row_id', 'seq'])
    .execute();

  await db.schema
    .createTable('wallet_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('card_row_id', 'text', (c) => c.notNull().references('wallet_cards.id'))
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('live_value', 'text')
    .addColumn('expires_in', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('expires_after_transaction', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('wallet_tokens_card_ref', ['card_row_id', 'ref_id'])
    .addUniqueConstraint('wallet_tokens_account_live_value', ['account_id', 'live_value'])
    .execute();
  await db.schema
    .createIndex('wallet_tokens_card_expires')
    .on('wallet_tokens')
    .columns(['card_row_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('wallet_session_tokens')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('card_row_id', 'text', (c) => c.notNull().references('wallet_cards.id'))
    .addColumn('token_id', 'text', (c) => c.notNull().references('wallet_tokens.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_session_tokens_pk', ['session_id', 'card_row_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_session_tokens').execute();
  await db.schema.dropTable('wallet_tokens').execute();
  await db.schema.dropTable('wallet_transactions').execute();
  await db.schema.dropTable('wallet_cards').execute();
}
