/** The port every payment provider implements. Called only outside database transactions. */
export interface CardInput {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
  holder_name?: string;
}

/** What may be stored about a card: never the full number or the security code. */
export interface CardSummary {
  brand: string;
  masked_pan: string;
  expiry_date: string; // MM/YYYY
  type: 'Credit' | 'Debit' | 'Prepaid';
}

export type AuthorizeResult =
  | { outcome: 'APPROVED'; card: CardSummary; providerReference: string }
  | { outcome: 'DECLINED'; card: CardSummary; code: string; message: string };

export interface OperationRequest {
  transactionId: string;
  operationId: string;
  amount: number;
  currency: string;
}

export interface Acquirer {
  readonly paymentProduct: string;
  authorize(req: { transactionId: string; amount: number; currency: string; card: CardInput }): Promise<AuthorizeResult>;
  /** Resolve on success; throw AppError('PROVIDER_UNAVAILABLE') when the provider cannot be reached. */
  capture(req: OperationRequest): Promise<void>;
  refund(req: OperationRequest): Promise<void>;
  void(req: OperationRequest): Promise<void>;
}
