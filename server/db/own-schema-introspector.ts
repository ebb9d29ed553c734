import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector (used by the Migrator to find its own tables) reads every table
 * of every schema in the database and resolves each schema by NAME (`has_schema_privilege`,
 * `pg_get_serial_sequence`). A schema dropped by someone else between the catalog snapshot and that
 * lookup fails our migration with `schema "<theirs>" does not exist` (seen when one test file
 * migrated while another dropped its schema). This introspector reads only our own schema (the
 * first of search_path, i.e. KASSA_DATABASE_SCHEMA when set), joined by oid, so other schemas
 * coming and going cannot affect it; it also stops the Migrator from taking another schema's
 * `kassa_migrations` table for ours.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } =
      await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace where nspname = current_schema()`.execute(
        this.db,
      );
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string | null;
      type: string | null;
      not_null: boolean | null;
      has_default: boolean | null;
    }>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column, t.typname as type,
             a.attnotnull as not_null, a.atthasdef as has_default
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_catalog.pg_type t on t.oid = a.atttypid
       where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      let table = tables.get(r.table);
      if (!table)
        tables.set(r.table, (table = { name: r.table, schema: r.schema, isView: r.kind === 'v', columns: [] }));
      if (r.column !== null)
        table.columns.push({
          name: r.column,
          dataType: r.type ?? '',
          isNullable: !r.not_null,
          hasDefaultValue: Boolean(r.has_default),
          isAutoIncrementing: false,
        });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgresDialect with the introspector above. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
