export const MAX_CALLBACK_ATTEMPTS = 20;

export type AttemptOutcome = 'DELIVERED' | 'RETRY' | 'FAILED';

/** 2xx delivers; 5xx, 100-101, timeouts and connection errors retry; anything else is final. */
export const classifyAttempt = (statusCode: number | null): AttemptOutcome => {
  if (statusCode === null) return 'RETRY';
  if (statusCode >= 200 && statusCode < 300) return 'DELIVERED';
  if (statusCode >= 500 || statusCode === 100 || statusCode === 101) return 'RETRY';
  return 'FAILED';
};

/** Exponential backoff with jitter: base * 2^(n-1), capped at one hour, times 0.75-1.25. */
export const retryDelayMs = (attempt: number, baseMs: number, random: () => number = Math.random): number => {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(exp * (0.75 + random() * 0.5));
};
