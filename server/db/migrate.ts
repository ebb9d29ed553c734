import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-sessions-complete';
import * as m0004 from './migrations/0004-transaction-operations';
import * as m0003 from './migrations/0003-idempotency';
import * as m0005 from './migrations/0005-callback-delivery';
import * as m0006 from './migrations/0006-idempotency-resource';
import * as m0007 from './migrations/0007-public-fields-and-retention';
import * as m0008 from './migrations/0008-sms-outbox';
import * as m0010 from './migrations/0010-demo-store';
import * as m0011 from './migrations/0011-customer-actions';
import * as m0012 from './migrations/0012-customers';
import * as m0013 from './migrations/0013-wallets';
import * as m0014 from './migrations/0014-stores-terminals';
import * as m0015 from './migrations/0015-discounts';
import * as m0016 from './migrations/0016-shopping-orders';
import * as m0017 from './migrations/0017-discount-claims';
import * as m0018 from './migrations/0018-poller-indexes';
import * as m0019 from './migrations/0019-refunded-part-captures';
import * as m0020 from './migrations/0020-demo-orders';
import * as m0021 from './migrations/0021-wallet-token-pins';
import * as m0022 from './migrations/0022-session-view-writes';
import * as m0023 from './migrations/0023-kassa-processes';
import * as m0024 from './migrations/0024-demo-payment-app';
import * as m0025 from './migrations/0025-auth-clients-and-grants';
import * as m0026 from './migrations/0026-console-users';
import * as m0027 from './migrations/0027-callback-last-request';
import * as m0028 from './migrations/0028-demo-settings';
import * as m0029 from './migrations/0029-event-transaction-status';
import * as m0030 from './migrations/0030-checkout-config';
import * as m0031 from './migrations/0031-customer-action-claims';
import * as m0034 from './migrations/0034-sign-in-limits';
import * as m0036 from './migrations/0036-attempt-owner';
import * as m0037 from './migrations/0037-operation-owner';
import * as m0038 from './migrations/0038-provider-reference';
import * as m0039 from './migrations/0039-gateway-secrets';
import * as m0040 from './migrations/0040-unresolved-authorizations';

/** Migrations are imported statically so the same list works under tsx, vitest and Next's bundler. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-sessions-complete': m0002,
  '0003-idempotency': m0003,
  '0004-transaction-operations': m0004,
  '0005-callback-delivery': m0005,
  '0006-idempotency-resource': m0006,
  '0007-public-fields-and-retention': m0007,
  '0008-sms-outbox': m0008,
  '0010-demo-store': m0010,
  '0011-customer-actions': m0011,
  '0012-customers': m0012,
  '0013-wallets': m0013,
  '0014-stores-terminals': m0014,
  '0015-discounts': m0015,
  '0016-shopping-orders': m0016,
  '0017-discount-claims': m0017,
  '0018-poller-indexes': m0018,
  '0019-refunded-part-captures': m0019,
  '0020-demo-orders': m0020,
  '0021-wallet-token-pins': m0021,
  '0022-session-view-writes': m0022,
  '0023-kassa-processes': m0023,
  '0024-demo-payment-app': m0024,
  '0025-auth-clients-and-grants': m0025,
  '0026-console-users': m0026,
  '0027-callback-last-request': m0027,
  '0028-demo-settings': m0028,
  '0029-event-transaction-status': m0029,
  '0030-checkout-config': m0030,
  '0031-customer-action-claims': m0031,
  '0034-sign-in-limits': m0034,
  '0036-attempt-owner': m0036,
  '0037-operation-owner': m0037,
  '0038-provider-reference': m0038,
  '0039-gateway-secrets': m0039,
  '0040-unresolved-authorizations': m0040,
};

/** Every migration this build knows, in order (readiness compares them with the applied ones). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);
export const MIGRATION_TABLE = 'kassa_migrations';

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** `schema` (PostgreSQL only) keeps Kysely's bookkeeping tables in that schema instead of finding another schema's. */
export const migrateToLatest = async (db: Kysely<any>, schema?: string): Promise<void> => {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'kassa_migrations_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error | undefined)?.message ?? error)}`,
    ); // Kysely's migrator reports unknown; usually an Error
  }
};
