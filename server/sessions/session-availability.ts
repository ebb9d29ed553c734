import { AppError } from '../errors/app-error';
import type { UnavailableCause } from '../../domain/view-types';
import { isExpired, type SessionRecord } from './session-repository';

/** Why a session can no longer be paid, or undefined when it can. */
export const unavailableCause = (row: SessionRecord, now = Date.now()): UnavailableCause | undefined => {
  switch (row.status) {
    case 'CANCELLED':
      return 'CANCELLED';
    case 'AUTHORIZED':
      return 'AUTHORIZED';
    case 'ON_HOLD':
      return 'ON_HOLD';
    case 'PAYING':
      return 'PAYMENT_INITIATED';
    default:
      return isExpired(row, now) ? 'EXPIRED' : undefined;
  }
};

const MESSAGES: Record<UnavailableCause, string> = {
  CANCELLED: 'The session has been cancelled',
  AUTHORIZED: 'The session has already been paid',
  ON_HOLD: 'The session has been paid and is on hold',
  PAYMENT_INITIATED: 'A payment for this session is in progress',
  EXPIRED: 'The session has expired',
};

/** The 404 the hosted page gets, with `cause` and what it needs to send the customer back. */
export const sessionNotAvailable = (row: SessionRecord, cause: UnavailableCause): AppError => {
  return new AppError('SESSION_NOT_AVAILABLE', MESSAGES[cause], {
    extra: {
      cause,
      session_details: {
        merchant_reference: row.merchant_reference,
        ...(row.transaction_id ? { transaction_id: row.transaction_id } : {}),
        return_url: row.url.return_url,
      },
    },
  });
};

/**
 * A merchant-initiated session (`POST /v1/sessions/pay`) was paid in one API call with the customer
 * absent: it has no checkout, so every customer operation answers as if it did not exist.
 */
const assertCustomerCheckout = (row: SessionRecord): void => {
  if (row.kind === 'MERCHANT_INITIATED') throw new AppError('SESSION_NOT_FOUND', `Session ${row.id} was not found`);
};

/** For paying: the same conditions as 400s with specific codes. */
export const assertPayable = (row: SessionRecord, now = Date.now()): void => {
  assertCustomerCheckout(row);
  const cause = unavailableCause(row, now);
  if (!cause) return;
  const code =
    cause === 'CANCELLED'
      ? 'SESSION_CANCELLED'
      : cause === 'EXPIRED'
        ? 'SESSION_EXPIRED'
        : cause === 'PAYMENT_INITIATED'
          ? 'SESSION_PAYMENT_IN_PROGRESS'
          : 'SESSION_ALREADY_PAID';
  throw new AppError(code, MESSAGES[cause]);
};

/** For the checkout view's operations: a session that cannot be paid any more answers the view's 404 with `cause`. */
export const assertOpenForView = (row: SessionRecord): void => {
  assertCustomerCheckout(row);
  const cause = unavailableCause(row);
  if (cause) throw sessionNotAvailable(row, cause);
};
