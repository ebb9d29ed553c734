import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../db/database';
import type { CallbackAttemptsTable, OutboxTable } from '../db/schema';
import { parseOptionalJson } from '../shared/json-columns';
import type { CallbackRequest } from './build-callback-request';

export const CallbackAttemptView = z.object({
  attempt: z.number().int().describe('1 for the first attempt; counts on across manual retries'),
  event_delivery: z.string().describe('The `event-delivery` header of this attempt (unique per attempt)'),
  started_at: z.string(),
  status_code: z.number().int().nullable().describe("The merchant's HTTP status; null when no answer came"),
  latency_ms: z.number().int(),
  error: z.string().nullable().describe('Why there was no answer (timeout, ECONNREFUSED, refused: ...), or null'),
});

export const SentCallbackRequest = z
  .object({
    method: z.enum(['GET', 'POST']),
    url: z
      .string()
      .describe('The URL called, with the query Kassa added (transaction_id, session_id, time, event_id, ...)'),
    headers: z
      .record(z.string(), z.string())
      .describe(
        'As sent: `event-delivery`, `user-agent`, `kassa-signature` once the account has a secret, `content-type` for POST',
      ),
    body: z.string().optional().describe('The JSON body of a POST callback, as sent'),
  })
  .describe('The request the last attempt sent, signed; null before the first attempt or when nothing was sent');

export const CallbackView = z.object({
  id: z.string(),
  session_id: z.string(),
  transaction_id: z.string().nullable(),
  event: z.string().describe('AUTHORIZE (the authorization callback), CAPTURE, REFUND or VOID (report_event)'),
  event_id: z.string().describe('The `event_id` query value: the transaction event, stable across attempts'),
  error: z.string().optional().describe('`authorization` or `failed` for a report_error callback'),
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().optional().describe('When the next attempt is due (PENDING only)'),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_request: SentCallbackRequest.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  attempts: z.array(CallbackAttemptView),
});
export type CallbackView = z.infer<typeof CallbackView>;

type OutboxRow = Selectable<OutboxTable>;
type AttemptRow = Selectable<CallbackAttemptsTable>;

/** The delivery-log view of outbox rows, each with its attempts in order. */
export const readCallbacks = async (exec: Executor, rows: OutboxRow[]): Promise<CallbackView[]> => {
  const attempts: AttemptRow[] = rows.length
    ? await exec
        .selectFrom('callback_attempts')
        .selectAll()
        .where(
          'outbox_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    session_id: r.session_id,
    transaction_id: r.transaction_id,
    event: r.event,
    event_id: r.event_id,
    ...(r.error ? { error: r.error } : {}),
    url: r.url,
    method: r.method,
    status: r.status,
    attempt_count: r.attempts,
    ...(r.status === 'PENDING' ? { next_attempt_at: r.next_attempt_at } : {}),
    last_status_code: r.last_status_code,
    last_error: r.last_error,
    last_request: parseOptionalJson<CallbackRequest>(r.last_request) ?? null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    attempts: attempts
      .filter((a) => a.outbox_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        event_delivery: a.delivery_id,
        started_at: a.started_at,
        status_code: a.status_code,
        latency_ms: a.latency_ms,
        error: a.error,
      })),
  }));
};
