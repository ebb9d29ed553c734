import { z } from 'zod';
import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import type { MinorUnits } from '../../../domain/money';

/**
 * Per-account switches of the sandbox gateway (PUT /v1/admin/gateways/sandbox), so merchants can
 * test their handling of an unavailable provider, of asynchronous (202) operations and of a provider
 * that does not answer in time (202, the outcome unknown until its status is known).
 */
export const SandboxGatewayConfig = z.strictObject({
  /** Capture, refund and void answer 503 and change nothing while true. */
  unavailable: z.boolean().default(false),
  /** Every capture, refund and void is accepted for later (202), completing after `async_delay_ms`. */
  async_operations: z.boolean().default(false),
  async_delay_ms: z.number().int().min(0).max(600_000).default(1000),
  /**
   * Capture, refund, void and authorization updates are done, but their answer never comes (as a timeout
   * looks): Kassa cannot know what happened, answers 202 with the outcome unknown, and settles the
   * operation once the sandbox's status says it is done.
   */
  silent: z.boolean().default(false),
  /**
   * Authorizations are decided (and kept in the sandbox's record), but their answer never comes: Kassa keeps the
   * attempt unresolved, the page says the payment is being confirmed, and the recovery asks the sandbox what it did.
   */
  silent_authorize: z.boolean().default(false),
});
export type SandboxGatewayConfig = z.infer<typeof SandboxGatewayConfig>;

const gatewayOfAccount = compiledOnce((exec, accountId: string, gateway: string) =>
  exec
    .selectFrom('gateway_settings')
    .select('configuration')
    .where('account_id', '=', accountId)
    .where('gateway', '=', gateway),
);

export const readSandboxGateway = async (exec: Executor, accountId: string): Promise<SandboxGatewayConfig> => {
  const [row] = await gatewayOfAccount(exec, accountId, 'sandbox');
  return SandboxGatewayConfig.parse(row ? JSON.parse(row.configuration) : {});
};

/** Amounts ending in 02 (e.g. 1002) are always processed asynchronously, whatever the setting. */
export const isAsyncAmount = (amount: MinorUnits): boolean => amount % 100 === 2;
