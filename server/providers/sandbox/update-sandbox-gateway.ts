import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { nowIso } from '../../shared/clock';
import { readSandboxGateway, type SandboxGatewayConfig } from './sandbox-gateway';

/** Replaces the account's sandbox gateway switches (unavailable, async_operations). */
export const updateSandboxGateway = async (
  ctx: AppContext,
  actor: Actor,
  config: SandboxGatewayConfig,
): Promise<void> => {
  const values = {
    account_id: actor.accountId,
    gateway: 'sandbox',
    configuration: JSON.stringify(config),
    updated_at: nowIso(),
  };
  await ctx.database.db
    .insertInto('gateway_settings')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'gateway'])
        .doUpdateSet({ configuration: values.configuration, updated_at: values.updated_at }),
    )
    .execute();
};

export const getSandboxGateway = (ctx: AppContext, actor: Actor): Promise<SandboxGatewayConfig> =>
  readSandboxGateway(ctx.database.db, actor.accountId);
