import type { Database } from '../../db/database';
import type { OperationKindColumn } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import { parseJson } from '../../shared/json-columns';
import { nowIso } from '../../shared/clock';
import { randomBase58 } from '../../shared/ids';
import { AppError } from '../../errors/app-error';
import type { Acquirer, AuthorizeResult, CardSummary, OperationOutcome, OperationRequest } from '../acquirer';
import { isAsyncAmount, readSandboxGateway } from './sandbox-gateway';
import { validateCard } from '../validate-card';

/**
 * Deterministic test cards. Any other Luhn-valid number with a future expiry and a valid
 * security code is approved.
 */
export const SANDBOX_CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Approved but flagged for review: ON_HOLD when the session's configuration has enable_on_hold. */
  onHold: '4000000000000259',
  /** 3-D Secure: a challenge page; completing it approves. */
  challenge: '4000000000003220',
  /** 3-D Secure: a challenge page; the issuer declines even after it is completed. */
  challengeThenDecline: '4000000000003063',
} as const;

const CHALLENGES: Record<string, 'APPROVE' | 'DECLINE'> = { [SANDBOX_CARDS.challenge]: 'APPROVE', [SANDBOX_CARDS.challengeThenDecline]: 'DECLINE' };

interface Decline {
  code: string;
  message: string;
  retryable: boolean;
}

const DECLINES: Record<string, Decline> = {
  [SANDBOX_CARDS.decline]: { code: 'card_declined', message: 'The card was declined by the issuer', retryable: false },
  [SANDBOX_CARDS.insufficientFunds]: { code: 'insufficient_funds', message: 'The card has insufficient funds', retryable: true },
};

const declined = (card: CardSummary | undefined, d: Decline): AuthorizeResult => ({ outcome: 'DECLINED', ...(card ? { card } : {}), ...d });

/**
 * The built-in simulated acquirer (provider segment `sandbox`). It keeps its own card vault
 * (`sandbox_vault`: card summary and the behaviour of the test card, never the number), as a real
 * acquirer would on its side.
 */
export const createSandboxAcquirer = (database: Database): Acquirer => ({
  paymentProduct: 'sandbox',
  async authorize({ card }) {
    const { pan, summary } = validateCard(card);
    const decline = DECLINES[pan];
    if (decline) return declined(summary, decline);
    const challenge = CHALLENGES[pan];
    if (challenge) return { outcome: 'CHALLENGE', card: summary, afterChallenge: challenge };
    return { outcome: 'APPROVED', card: summary, providerReference: `sbx_${randomBase58(16)}`, ...(pan === SANDBOX_CARDS.onHold ? { review: true } : {}) };
  },
  async completeChallenge({ card, passed, afterChallenge }) {
    if (!passed) return declined(card, { code: 'authentication_failed', message: 'The cardholder did not pass 3-D Secure authentication', retryable: true });
    if (afterChallenge === 'DECLINE') return declined(card, DECLINES[SANDBOX_CARDS.decline]!);
    return { outcome: 'APPROVED', card, providerReference: `sbx_${randomBase58(16)}` };
  },
  async tokenize({ accountId, card, tokenTypes }) {
    const { pan, summary } = validateCard(card);
    const behavior = DECLINES[pan] ? JSON.stringify(DECLINES[pan]) : 'APPROVE';
    const tokens = { payment_token: `sbx_pt_${randomBase58(24)}`, ...(tokenTypes.includes('recurrence_token') ? { recurrence_token: `sbx_rt_${randomBase58(24)}` } : {}) };
    // its own transaction (never the caller's: providers are called outside one), group-committed
    await inTransaction(database, async (trx) => {
      for (const [type, token] of Object.entries(tokens)) {
        await trx
          .insertInto('sandbox_vault')
          .values({ token, account_id: accountId, token_type: type, card: JSON.stringify(summary), behavior, created_at: nowIso() })
          .execute();
      }
    });
    return { card: summary, ...tokens };
  },
  async authorizeWithToken({ accountId, token }) {
    const stored = await database.db.selectFrom('sandbox_vault').selectAll().where('token', '=', token).where('account_id', '=', accountId).executeTakeFirst();
    // No card is known for an unknown token: the transaction shows none rather than an invented one.
    if (!stored) return declined(undefined, { code: 'token_not_found', message: 'The card token is not known', retryable: false });
    const card = parseJson<CardSummary>(stored.card);
    if (stored.behavior !== 'APPROVE') return declined(card, parseJson<Decline>(stored.behavior));
    return { outcome: 'APPROVED', card, providerReference: `sbx_${randomBase58(16)}` };
  },
  capture: (req) => operate(database, 'CAPTURE', req),
  refund: (req) => operate(database, 'REFUND', req),
  void: (req) => operate(database, 'VOID', req),
  async operationStatus({ operationId }) {
    const op = await database.db.selectFrom('sandbox_operations').select('complete_after').where('operation_id', '=', operationId).executeTakeFirst();
    if (!op) return 'UNKNOWN';
    return Date.parse(op.complete_after) <= Date.now() ? 'DONE' : 'PENDING';
  },
});

/** The sandbox's own ledger of operations: what a real acquirer would answer a status query from. */
const operate = async (database: Database, kind: OperationKindColumn, req: OperationRequest): Promise<OperationOutcome> => {
  const gateway = await readSandboxGateway(database.db, req.accountId);
  if (gateway.unavailable) throw new AppError('PROVIDER_UNAVAILABLE', 'The sandbox acquirer is temporarily unavailable; nothing was changed, retry later');
  const async = gateway.async_operations || isAsyncAmount(req.amount);
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
  return async ? 'PENDING' : 'DONE';
};
