import type { Database, Executor } from '../../db/database';
import { bootIdOf, ownerIsGone } from '../../idempotency/kassa-processes';
import { addSeconds } from '../../shared/clock';
import { uuid } from '../../shared/ids';
import { minorUnits, type MinorUnits } from '../../../domain/money';

/**
 * Claims on an attempt that waits for the customer (migration 0031, ADR 040): the one request that asks the
 * provider about the pending action (the return from its page) or voids it (a session cancel) claims it
 * first; the others wait for its outcome. Only the stores write the transaction tables.
 */

/** A claim is free again this long after it was taken (the provider's longest call plus recording its answer). */
export const ACTION_CLAIM_LEASE_SECONDS = 45;

export interface WaitingAttemptRow {
  id: string;
  session_id: string;
  account_id: string;
  status: string;
  amount: MinorUnits;
  currency: string;
  pending_action: string | null;
  payment_product_type: string;
  action_claim: string | null;
  action_claim_owner: string | null;
  action_claimed_at: string | null;
  /** The claim's process heartbeat (`kassa_processes`); null when it has no row. */
  owner_heartbeat_at: string | null;
}

const withClaims = (exec: Executor) =>
  exec
    .selectFrom('transactions as t')
    .leftJoin('kassa_processes as p', 'p.boot_id', 't.action_claim_owner')
    .select([
      't.id',
      't.session_id',
      't.account_id',
      't.status',
      't.amount',
      't.currency',
      't.pending_action',
      't.payment_product_type',
      't.action_claim',
      't.action_claim_owner',
      't.action_claimed_at',
      'p.heartbeat_at as owner_heartbeat_at',
    ]);

/** The attempt with its claim and the claiming process's heartbeat; undefined when there is no such transaction. */
export const readWaitingAttempt = async (
  exec: Executor,
  transactionId: string,
): Promise<WaitingAttemptRow | undefined> => {
  const row = await withClaims(exec).where('t.id', '=', transactionId).executeTakeFirst();
  return row && { ...row, amount: minorUnits(row.amount) };
};

/** The session's attempts that wait for the customer on a provider's page (INITIATED, with a pending action). */
export const waitingAttemptsOf = (exec: Executor, sessionId: string): Promise<WaitingAttemptRow[]> =>
  withClaims(exec)
    .where('t.session_id', '=', sessionId)
    .where('t.status', '=', 'INITIATED')
    .where('t.pending_action', 'is not', null)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, amount: minorUnits(row.amount) })));

/** Whether someone holds the attempt's claim now: taken, within its lease, by a process that is alive. */
export const claimIsLive = (
  database: Database,
  row: Pick<WaitingAttemptRow, 'action_claim' | 'action_claim_owner' | 'action_claimed_at' | 'owner_heartbeat_at'>,
  now: string,
): boolean =>
  row.action_claim !== null &&
  row.action_claimed_at !== null &&
  addSeconds(row.action_claimed_at, ACTION_CLAIM_LEASE_SECONDS) > now &&
  !ownerIsGone(database, { owner_boot_id: row.action_claim_owner, owner_heartbeat_at: row.owner_heartbeat_at }, now);

/**
 * Takes the claim of an attempt still waiting for the customer, if it is still free as `row` saw it (no
 * claim, or the very claim that was found dead): a conditional update, so of any number of requests exactly
 * one wins. Answers the new claim's id, or undefined when another request was quicker or the attempt was
 * decided meanwhile.
 */
export const claimWaitingAttempt = async (
  exec: Executor,
  database: Database,
  row: Pick<WaitingAttemptRow, 'id' | 'action_claim'>,
  now: string,
): Promise<string | undefined> => {
  const claim = uuid();
  let update = exec
    .updateTable('transactions')
    .set({ action_claim: claim, action_claim_owner: bootIdOf(database) ?? null, action_claimed_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'INITIATED')
    .where('pending_action', 'is not', null);
  update =
    row.action_claim === null
      ? update.where('action_claim', 'is', null)
      : update.where('action_claim', '=', row.action_claim);
  const updated = await update.executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? claim : undefined;
};

/** Gives a claim back (the provider refused the request, or recording failed): the attempt waits again. */
export const releaseActionClaim = async (exec: Executor, transactionId: string, claim: string): Promise<void> => {
  await exec
    .updateTable('transactions')
    .set({ action_claim: null, action_claim_owner: null, action_claimed_at: null })
    .where('id', '=', transactionId)
    .where('action_claim', '=', claim)
    .execute();
};

/**
 * Closes an attempt still INITIATED as FAILED (abandoned, replaced, cancelled), if nobody claimed it since
 * `action_claim` was seen (null: unclaimed); false when it was claimed or decided meanwhile.
 */
export const failWaitingAttempt = async (
  exec: Executor,
  row: Pick<WaitingAttemptRow, 'id' | 'action_claim'>,
  now: string,
): Promise<boolean> => {
  let update = exec
    .updateTable('transactions')
    .set((eb) => ({ status: 'FAILED', updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', row.id)
    .where('status', '=', 'INITIATED');
  update =
    row.action_claim === null
      ? update.where('action_claim', 'is', null)
      : update.where('action_claim', '=', row.action_claim);
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
};

/**
 * A session cancel voided the waiting attempt it had claimed (item 19): AUTHORIZATION_VOIDED, its whole
 * amount voided, nothing pending any more; false when the claim is no longer this one.
 */
export const voidClaimedAttempt = async (
  exec: Executor,
  attempt: { id: string; amount: MinorUnits; claim: string },
  now: string,
): Promise<boolean> => {
  const updated = await exec
    .updateTable('transactions')
    .set((eb) => ({
      status: 'AUTHORIZATION_VOIDED',
      voided_amount: attempt.amount,
      pending_action: null,
      action_claim: null,
      action_claim_owner: null,
      action_claimed_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', attempt.id)
    .where('status', '=', 'INITIATED')
    .where('action_claim', '=', attempt.claim)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
};
