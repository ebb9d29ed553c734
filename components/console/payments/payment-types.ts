import type { TransactionStatus } from '../../../domain/transaction-state';

/**
 * What the console reads of GET /v1/transactions and /v1/sessions (server/payments/transactions/transaction-schemas.ts,
 * server/sessions/session-schemas.ts), as plain types: the page never imports server/ (ADR 008).
 */
export interface TransactionEvent {
  id: string;
  event: string;
  success: boolean;
  amount?: number;
  items?: { line_id?: unknown; amount?: unknown; quantity?: unknown }[];
  error?: { code: string; message: string };
  created_at: string;
  created_by: string;
  /** On an INITIATE_* event (a 202): the id its completing event names as `initiate_request_id`. */
  event_request_id?: string;
  initiate_request_id?: string;
  /** On an INITIATE_* event: `unknown` when the provider did not answer in time and may have done it. */
  provider_outcome?: 'unknown';
}

export interface OrderItem {
  line_id: string;
  id?: string;
  description?: string;
  quantity?: number;
  amount: number;
  vat?: number;
}

export type Address = Record<string, unknown>;

export interface Transaction {
  id: string;
  session_id: string;
  status: TransactionStatus;
  amount: number;
  currency: string;
  merchant_reference: string;
  merchant_reference_2?: string;
  payment_product: string;
  payment_product_type: string;
  card?: { brand: string; masked_pan: string; expiry_date: string; type: string };
  items?: OrderItem[];
  shipping_option?: { title?: string; line_id?: string; amount?: number; operator?: string };
  gift_cards?: { masked_card_token: string; amount: number }[];
  card_amount?: number;
  shipping_address?: Address;
  billing_address?: Address;
  customer?: Address;
  events: TransactionEvent[];
  created_at: string;
  updated_at: string;
}

export interface Session {
  id: string;
  created_at: string;
  expires_at: string;
  order: { amount: number; currency: string; merchant_reference: string; merchant_reference_2?: string };
  customer?: Address;
  transaction_id?: string;
  cancelled_at?: string;
  events: { name?: string; created_at?: string }[];
}
