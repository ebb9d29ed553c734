import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { TransactionOperationsTable } from '../../db/schema';
import { parseJsonWith, parseOptionalJson } from '../../shared/json-columns';
import type { Reservation } from '../../../domain/transaction-state';
import { StoredMinorUnits } from './transaction-record';

/**
 * The money operation's mapper (`transaction_operations`). The reservation is money in flight that a
 * crash-recovery job may read long after it was written, so it is checked with zod; `details` and
 * the redacted request headers were written by Kassa and are parsed as is (ADR 014).
 */
export type OperationRow = Selectable<TransactionOperationsTable>;

const ReservationSchema = z.object({
  op: z.enum(['CAPTURE', 'REFUND', 'VOID']),
  amount: StoredMinorUnits,
  lines: z.record(z.string(), StoredMinorUnits),
  finalCapture: z.boolean(),
  quantities: z.record(z.string(), z.number().positive()).optional(),
}) satisfies z.ZodType<Reservation>;

export interface OperationRecord extends Omit<OperationRow, 'reservation' | 'details' | 'request_headers'> {
  reservation: Reservation;
  /** What the operation's event will carry (capture_reference, metadata, ...); empty when none. */
  details: Record<string, unknown>;
  requestHeaders?: Record<string, string>;
}

export const toOperationRecord = (row: OperationRow): OperationRecord => {
  const { reservation, details, request_headers, ...columns } = row;
  const headers = parseOptionalJson<Record<string, string>>(request_headers);
  return {
    ...columns,
    reservation: parseJsonWith(ReservationSchema, reservation),
    details: parseOptionalJson<Record<string, unknown>>(details) ?? {},
    ...(headers ? { requestHeaders: headers } : {}),
  };
};
