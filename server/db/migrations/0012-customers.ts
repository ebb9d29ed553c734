import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 10, customers: the account's customers (`customers`) and the cards its customers stored
 * (`stored_card_tokens`, one row per tokenized card, written in the transaction that records the
 * payment-token attempt). Lower-cased copies (`email_lower`, `search_keys`) make uniqueness and
 * search case-insensitive on both engines; a deleted customer keeps only its id, customer_id, type and
 * stamps, so its email is free again while its customer_id stays taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('search_keys', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customers_account_customer_id')
    .unique()
    .on('customers')
    .columns(['account_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('customers_account_type_email')
    .unique()
    .on('customers')
    .columns(['account_id', 'type', 'email_lower'])
    .execute();
  await db.schema
    .createIndex('customers_account_created')
    .on('customers')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('stored_card_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('payment_product_type', 'text', (c) => c.notNull())
    .addColumn('payment_token', 'text', (c) => c.notNull().unique())
    .addColumn('recurrence_token', 'text')
    .addColumn('card', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('stored_card_tokens_account_customer')
    .on('stored_card_tokens')
    .columns(['account_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('stored_card_tokens_account_created')
    .on('stored_card_tokens')
    .columns(['account_id', 'created_at', 'token_id'])
    .execute();
  await db.schema
    .createIndex('stored_card_tokens_recurrence')
    .on('stored_card_tokens')
    .column('recurrence_token')
    .execute();
  await recordEarlierCards(db);
}

interface TokenizedRow {
  id: string;
  account_id: string;
  session_id: string;
  payment_product_type: string;
  payment_token: string;
  recurrence_token: string | null;
  card: string | null;
  created_at: string;
  customer: string | null;
}

/**
 * Cards saved before this migration (payment-token transactions carry their tokens): recorded once,
 * for the session's customer_id, with the token_id the checkout page already used for them, at the time
 * the attempt was recorded (the transaction's updated_at).
 */
export const recordEarlierCards = async (db: Kysely<unknown>): Promise<void> => {
  const { rows } = await sql<TokenizedRow>`
    select t.id, t.account_id, t.session_id, t.payment_product_type, t.payment_token, t.recurrence_token, t.card, t.updated_at as created_at, s.customer
    from transactions t join sessions s on s.id = t.session_id
    where t.payment_token is not null and t.card is not null`.execute(db);
  for (const row of rows) {
    const customerId =
      (row.customer ? (JSON.parse(row.customer) as { customer_id?: unknown }).customer_id : undefined) ?? null;
    const tokenId = `ptid_${createHash('sha256').update(row.payment_token, 'utf8').digest('hex').slice(0, 24)}`;
    await sql`insert into stored_card_tokens (token_id, account_id, customer_id, payment_product_type, payment_token, recurrence_token, card, session_id, transaction_id, created_at)
      values (${tokenId}, ${row.account_id}, ${typeof customerId === 'string' ? customerId : null}, ${row.payment_product_type}, ${row.payment_token}, ${row.recurrence_token}, ${row.card}, ${row.session_id}, ${row.id}, ${row.created_at})`.execute(
      db,
    );
  }
};

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_card_tokens').ifExists().execute();
  await db.schema.dropTable('customers').ifExists().execute();
}
