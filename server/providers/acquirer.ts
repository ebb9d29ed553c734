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
  | { outcome: 'APPROVED'; card?: CardSummary; providerReference: string }
  | { outcome: 'DECLINED'; card: CardSummary; code: string; message: string; retryable: boolean };

export interface OperationRequest {
  transactionId: string;
  operationId: string;
  amount: number;
  currency: string;
}

export type TokenType = 'payment_token' | 'recurrence_token';

export interface TokenizeResult {
  card: CardSummary;
  payment_token: string;
  recurrence_token?: string;
}

export interface Acquirer {
  readonly paymentProduct: string;
  authorize(req: { transactionId: string; amount: number; currency: string; card: CardInput }): Promise<AuthorizeResult>;
  /** Stores the card with the provider (no charge) and returns its tokens. */
  tokenize(req: { accountId: string; card: CardInput; tokenTypes: readonly TokenType[] }): Promise<TokenizeResult>;
  /** Merchant-initiated charge of a stored card; an unknown token is a permanent decline. */
  authorizeWithToken(req: { accountId: string; transactionId: string; token: string; amount: number; currency: string }): Promise<AuthorizeResult>;
  /** Resolve on success; throw AppError('PROVIDER_UNAVAILABLE') when the provider cannot be reached. */
  capture(req: OperationRequest): Promise<void>;
  refund(req: OperationRequest): Promise<void>;
  void(req: OperationRequest): Promise<void>;
}
