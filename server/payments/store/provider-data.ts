import type { Logger } from '../../observability/logger';
import { PROVIDER_DATA_MAX_BYTES, type ApprovedPayment, type ProviderData } from '../../providers/port';

/**
 * The `provider_data` column of an approved payment (issue 38 item 1): the provider's object as JSON,
 * or null when it gave none. An object over PROVIDER_DATA_MAX_BYTES is a provider's bug: the approval
 * is still recorded (the money is held), without the data, and the log says so.
 */
export const providerDataColumn = (
  data: ProviderData | undefined,
  log: { logger: Logger; transactionId: string; productType: string },
): string | null => {
  if (data === undefined) return null;
  const text = JSON.stringify(data);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= PROVIDER_DATA_MAX_BYTES) return text;
  log.logger.error(
    { transaction_id: log.transactionId, product_type: log.productType, bytes, max_bytes: PROVIDER_DATA_MAX_BYTES },
    'provider data too large: not stored',
  );
  return null;
};

/** What a later provider call is handed of the approved payment: its reference and data, when stored. */
export const approvedPaymentOf = (row: {
  provider_reference: string | null;
  provider_data?: Record<string, unknown>;
}): ApprovedPayment => ({
  ...(row.provider_reference ? { providerReference: row.provider_reference } : {}),
  ...(row.provider_data ? { providerData: row.provider_data } : {}),
});
