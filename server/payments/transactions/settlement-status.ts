import type { MinorUnits } from '../../../domain/money';

/**
 * A transaction's `settlement_status` (the public API's values). Kassa pays nothing out, so it never settles:
 * a transaction shows `NOT_SETTLED` once something was captured (money to be settled by the merchant's
 * acquirer), and no `settlement_status` before that. Kassa never sets the other values.
 */
export const SETTLEMENT_STATUSES = ['NOT_SETTLED', 'PENDING_SETTLEMENT', 'PARTIALLY_SETTLED', 'SETTLED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const settlementStatus = (captured: MinorUnits): SettlementStatus | undefined =>
  captured > 0 ? 'NOT_SETTLED' : undefined;
