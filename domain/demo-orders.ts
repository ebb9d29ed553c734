/** What the demo store's orders page shows (`GET /demo/api/orders`): its sessions, their payments and the callbacks it received. */
export interface DemoCallbackView {
  kind: 'callback' | 'shipping_address' | 'discount_codes';
  method: string;
  /** `valid`, or `unsigned` (no secret), `missing` or `invalid`: refused with 401. */
  signature: string;
  status: number;
  summary: string;
  received_at: string;
}

export interface DemoOrderView {
  session_id: string;
  merchant_reference: string;
  created_at: string;
  amount: number;
  currency: string;
  session_status: string;
  transaction?: {
    id: string;
    status: string;
    amount: number;
    captured_amount: number;
    refunded_amount: number;
    voided_amount: number;
    payment_product_type: string;
    /** The parts paid by gift cards, when the transaction lists them. */
    gift_cards?: { masked_card_token?: string; amount?: number }[];
  };
  /** Which buttons make sense now (the API still decides). */
  can: { capture: boolean; refund: boolean; void: boolean };
  callbacks: DemoCallbackView[];
}

export const DEMO_ORDER_ACTIONS = ['capture', 'refund', 'void'] as const;
export type DemoOrderAction = (typeof DEMO_ORDER_ACTIONS)[number];
