import type { Database } from '../../db/database';
import { inTransaction } from '../../db/tx';
import { nowIso } from '../../shared/clock';
import { ProviderOutcomeUnknown } from '../provider-errors';
import type { AuthorizationStatus, AuthorizeAnswer, PaymentProvider } from '../port';
import { readSandboxGateway } from './sandbox-gateway';

type Decision = Pick<PaymentProvider, 'authorize' | 'completeCustomerAction'>;

/** A sandbox provider before it keeps a record of its decisions. */
export type UnrecordedProvider = Omit<PaymentProvider, 'authorizationStatus'>;

/**
 * The sandbox's own record of what it decided (`sandbox_authorizations`), as a real acquirer keeps its
 * authorizations: `authorizationStatus` answers from it, so the recovery of an attempt whose answer never came finds
 * what the sandbox did (ADR 050). The account's `silent_authorize` switch (PUT /v1/admin/gateways/sandbox) makes the
 * sandbox decide and record, then lose the answer, as a timeout after the acquirer authorized looks.
 */
export const withAuthorizationRecord = (database: Database, provider: UnrecordedProvider): PaymentProvider => {
  const record = async (accountId: string, transactionId: string, answer: AuthorizeAnswer) => {
    const row = { transaction_id: transactionId, account_id: accountId, answer: JSON.stringify(answer) };
    // its own transaction (never the caller's: providers are called outside one), group-committed
    await inTransaction(database, (trx) =>
      trx
        .insertInto('sandbox_authorizations')
        .values({ ...row, created_at: nowIso() })
        .onConflict((oc) => oc.column('transaction_id').doUpdateSet({ answer: row.answer }))
        .execute(),
    );
    if ((await readSandboxGateway(database.db, accountId)).silent_authorize)
      throw new ProviderOutcomeUnknown('sandbox: authorize: decided, and the answer was lost (silent_authorize)');
  };
  const decided: Decision = {
    async authorize(req) {
      const answer = await provider.authorize(req);
      if (answer.outcome !== 'CUSTOMER_ACTION') await record(req.accountId, req.transactionId, answer);
      return answer;
    },
    async completeCustomerAction(req) {
      const answer = await provider.completeCustomerAction(req);
      await record(req.accountId, req.transactionId, answer);
      return answer;
    },
  };
  return {
    ...provider,
    ...decided,
    async authorizationStatus({ accountId, transactionId }): Promise<AuthorizationStatus> {
      const row = await database.db
        .selectFrom('sandbox_authorizations')
        .select('answer')
        .where('transaction_id', '=', transactionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.answer) as AuthorizeAnswer) : { outcome: 'UNKNOWN' };
    },
  };
};
