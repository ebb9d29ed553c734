/**
 * A failed transaction event's error in the public shape (issue 27 item 5, ADR 036): beside the stored
 * `{code, message}`, `error_code` (the same code), `type` (the kinds of failure, values of the public
 * API's list) and `retry_policy.retry_codes`; the event itself keeps `retry_policy.retryable`. Derived
 * when the event is read, so events written before carry it too.
 */
export const EVENT_ERROR_TYPES = [
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'FAILED_VERIFICATION',
  'INVALID_TRANSACTION',
  'INVALID_AMOUNT',
  'ERROR',
  'UNKNOWN',
] as const;
export type EventErrorType = (typeof EVENT_ERROR_TYPES)[number];

export const RETRY_CODES = ['DO_NOT_RETRY', 'RETRY_IMMEDIATELY', 'RETRY_AFTER_DELAY'] as const;
export type RetryCode = (typeof RETRY_CODES)[number];

export interface PublicEventError {
  code: string;
  message: string;
  error_code: string;
  type: EventErrorType[];
  retry_policy: { retry_codes: RetryCode[] };
}

/** What a code means: its kinds, whether trying again can help (unless the event says), and whether only later. */
interface Meaning {
  type: EventErrorType[];
  retryable: boolean;
  later?: boolean;
}

const declined = (retryable: boolean, ...more: EventErrorType[]): Meaning => ({
  type: ['DECLINED', ...more],
  retryable,
});
const provider: Meaning = { type: ['ERROR'], retryable: true, later: true };
const state = (retryable: boolean): Meaning => ({ type: ['INVALID_TRANSACTION'], retryable });
const amount: Meaning = { type: ['INVALID_AMOUNT'], retryable: false };

/** Kassa's codes and the sandbox's decline codes; a provider's other codes are read by the event they fail. */
const MEANINGS: Readonly<Record<string, Meaning>> = {
  card_declined: declined(false),
  expired_card: declined(false),
  lost_card: declined(false),
  stolen_card: declined(false),
  credit_check_failed: declined(false),
  token_not_found: declined(false),
  DO_NOT_RETRY: declined(false),
  wallet_rejected: declined(true),
  insufficient_funds: declined(true, 'INSUFFICIENT_FUNDS'),
  INSUFFICIENT_BALANCE: declined(true, 'INSUFFICIENT_FUNDS'),
  authentication_failed: declined(true, 'FAILED_VERIFICATION'),
  GIFT_CARD_INVALID: declined(true),
  PROVIDER_UNAVAILABLE: provider,
  PROVIDER_ERROR: provider,
  OPERATION_FAILED: provider,
  OPERATION_IN_PROGRESS: { ...state(true), later: true },
  LATE_AUTHORIZATION_NOT_VOIDED: { type: ['ERROR'], retryable: false },
  INTERNAL: { type: ['ERROR'], retryable: false },
  ABANDONED: state(true),
  ORDER_CHANGED: state(true),
  SESSION_CANCELLED: state(false),
  SESSION_EXPIRED: state(false),
  TRANSACTION_NOT_CAPTURABLE: state(false),
  TRANSACTION_NOT_REFUNDABLE: state(false),
  TRANSACTION_NOT_VOIDABLE: state(false),
  ITEMS_REQUIRED: state(false),
  INVALID_ITEMS: state(false),
  CURRENCY_MISMATCH: amount,
  AMOUNT_EXCEEDS_AUTHORIZED: amount,
  AMOUNT_EXCEEDS_CAPTURED: amount,
  GIFT_CARDS_DO_NOT_COVER: amount,
};

/** An unlisted code of a failed authorization is the provider's own decline code. */
const meaningOf = (event: string, code: string): Meaning =>
  (Object.hasOwn(MEANINGS, code) ? MEANINGS[code] : undefined) ??
  (event === 'AUTHORIZE' ? declined(false) : { type: ['UNKNOWN'], retryable: false });

/**
 * The public error of a failed event and its event-level retry policy. `stated` is the event's stored
 * `retry_policy` (its `retryable` wins over the code's default; its other keys are kept).
 */
export const publicEventError = (
  event: string,
  stored: { code: string; message: string },
  stated: unknown,
): { error: PublicEventError; retry_policy: Record<string, unknown> & { retryable: boolean } } => {
  const meaning = meaningOf(event, stored.code);
  const policy = stated && typeof stated === 'object' ? (stated as Record<string, unknown>) : {};
  const retryable = typeof policy.retryable === 'boolean' ? policy.retryable : meaning.retryable;
  const retryCode: RetryCode = !retryable ? 'DO_NOT_RETRY' : meaning.later ? 'RETRY_AFTER_DELAY' : 'RETRY_IMMEDIATELY';
  return {
    error: {
      ...stored,
      error_code: stored.code,
      type: [...meaning.type],
      retry_policy: { retry_codes: [retryCode] },
    },
    retry_policy: { ...policy, retryable },
  };
};
