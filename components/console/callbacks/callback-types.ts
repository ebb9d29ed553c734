/** A delivery as `GET /v1/admin/callbacks` answers it (server/callbacks/callback-view.ts). */
export interface CallbackAttempt {
  attempt: number;
  event_delivery: string;
  started_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}
export interface SentRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface Callback {
  id: string;
  session_id: string;
  transaction_id: string | null;
  event: string;
  event_id: string;
  error?: string;
  url: string;
  method: 'GET' | 'POST';
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempt_count: number;
  next_attempt_at?: string;
  last_status_code: number | null;
  last_error: string | null;
  last_request: SentRequest | null;
  created_at: string;
  updated_at: string;
  attempts: CallbackAttempt[];
}

export const CALLBACKS_QUERY = ['console', 'callbacks'] as const;

/** The status in words: a PENDING callback whose last attempt failed is being retried. */
export const statusLabel = (c: Callback): { text: string; tone: 'ok' | 'bad' | 'wait' } => {
  if (c.status === 'DELIVERED') return { text: 'Delivered', tone: 'ok' };
  if (c.status === 'FAILED') return { text: 'Failed', tone: 'bad' };
  const lastFailed = c.last_error !== null || (c.last_status_code !== null && c.last_status_code >= 300);
  return lastFailed ? { text: 'Retrying', tone: 'bad' } : { text: 'Pending', tone: 'wait' };
};

/** What the merchant answered last: its status code, why there was none, or nothing yet. */
export const lastAnswer = (c: Callback): string =>
  c.last_status_code !== null ? `HTTP ${c.last_status_code}` : (c.last_error ?? 'none yet');
