import type { Database } from '../../db/database';
import type { SandboxOperationsTable } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import { ProviderOutcomeUnknown, providerNotReached } from '../provider-errors';
import type { OperationOutcome, OperationRequest, PaymentProvider } from '../port';
import { isAsyncAmount, readSandboxGateway } from './sandbox-gateway';
import { minorUnits } from '../../../domain/money';

/** What every sandbox product does after the authorization: the money operations and their status. */
export type SandboxOperations = Required<
  Pick<PaymentProvider, 'capture' | 'refund' | 'void' | 'updateAuthorization' | 'operationStatus' | 'transactionState'>
>;

/**
 * The sandbox's own ledger of operations (`sandbox_operations`): what a real acquirer would answer a
 * status query from. The account's gateway switches (PUT /v1/admin/gateways/sandbox) make it
 * unavailable (503, nothing changes), asynchronous (202), or silent (done, but answered too late: 202 with
 * the outcome unknown until the status says DONE); amounts ending in 02 are always asynchronous.
 */
export const sandboxLedger = (database: Database): SandboxOperations => ({
  capture: (req) => operate(database, 'CAPTURE', req),
  refund: (req) => operate(database, 'REFUND', req),
  void: (req) => operate(database, 'VOID', req),
  async updateAuthorization(req) {
    await operate(database, 'AUTHORIZATION_UPDATE', req, { async: false }); // held at once: never asynchronous
  },
  async operationStatus({ operationId }) {
    const op = await database.db
      .selectFrom('sandbox_operations')
      .select('complete_after')
      .where('operation_id', '=', operationId)
      .executeTakeFirst();
    if (!op) return 'UNKNOWN';
    return Date.parse(op.complete_after) <= Date.now() ? 'DONE' : 'PENDING';
  },
  /** What the sandbox recorded for the transaction: its captures, refunds and voids (done once `complete_after` passed). */
  async transactionState({ accountId, transactionId }) {
    if ((await readSandboxGateway(database.db, accountId)).unavailable) throw unavailable();
    const rows = await database.db
      .selectFrom('sandbox_operations')
      .select(['operation_id', 'kind', 'amount', 'complete_after'])
      .where('transaction_id', '=', transactionId)
      .orderBy('created_at')
      .execute();
    const now = Date.now();
    return {
      operations: rows.flatMap((r) =>
        r.kind === 'AUTHORIZATION_UPDATE'
          ? []
          : [
              {
                operationId: r.operation_id,
                kind: r.kind,
                amount: minorUnits(r.amount),
                status: Date.parse(r.complete_after) <= now ? ('DONE' as const) : ('PENDING' as const),
              },
            ],
      ),
    };
  },
});

const unavailable = () =>
  providerNotReached(
    undefined,
    'The sandbox acquirer could not be reached (its unavailable switch is on); nothing was sent and nothing changed, retry later',
  );

type SandboxOperationKind = SandboxOperationsTable['kind'];

const operate = async (
  database: Database,
  kind: SandboxOperationKind,
  req: OperationRequest,
  opts: { async?: false } = {},
): Promise<OperationOutcome> => {
  const gateway = await readSandboxGateway(database.db, req.accountId);
  if (gateway.unavailable) throw unavailable();
  const async = opts.async !== false && (gateway.async_operations || isAsyncAmount(req.amount));
  const now = Date.now();
  // The sandbox's own write, in a transaction of its own (group-committed like Kassa's, ADR 026).
  await inTransaction(database, (trx) =>
    trx
      .insertInto('sandbox_operations')
      .values({
        operation_id: req.operationId,
        transaction_id: req.transactionId,
        kind,
        amount: req.amount,
        complete_after: new Date(async ? now + gateway.async_delay_ms : now).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .onConflict((oc) => oc.column('operation_id').doNothing())
      .execute(),
  );
  if (gateway.silent) throw new ProviderOutcomeUnknown(`sandbox: ${kind} done, its answer never came (silent switch)`);
  return async ? 'PENDING' : 'DONE';
};
