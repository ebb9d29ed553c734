import type { CardInput, CardSummary } from '../../domain/card';

/** The port every payment provider implements. Called only outside database transactions. */
export type { CardInput, CardSummary };

export type AuthorizeResult =
  | { outcome: 'APPROVED'; card?: CardSummary; providerReference: string; /** The acquirer asks for extra control before the payment stands (ON_HOLD when the session allows it). */ review?: boolean }
  | { outcome: 'DECLINED'; card?: CardSummary; code: string; message: string; retryable: boolean };

/**
 * The issuer wants the cardholder to confirm the payment (3-D Secure challenge): nothing is
 * authorized until they do. `afterChallenge` is what the issuer will answer once they have.
 */
export interface ChallengeResult {
  outcome: 'CHALLENGE';
  card: CardSummary;
  afterChallenge: 'APPROVE' | 'DECLINE';
}

export interface OperationRequest {
  accountId: string;
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
  authorize(req: { transactionId: string; amount: number; currency: string; card: CardInput }): Promise<AuthorizeResult | ChallengeResult>;
  /** The cardholder finished the challenge (`passed`: confirmed; else failed or refused it). */
  completeChallenge(req: { transactionId: string; card: CardSummary; passed: boolean; afterChallenge: ChallengeResult['afterChallenge'] }): Promise<AuthorizeResult>;
  /** Stores the card with the provider (no charge) and returns its tokens. */
  tokenize(req: { accountId: string; card: CardInput; tokenTypes: readonly TokenType[] }): Promise<TokenizeResult>;
  /** Merchant-initiated charge of a stored card; an unknown token is a permanent decline. */
  authorizeWithToken(req: { accountId: string; transactionId: string; token: string; amount: number; currency: string }): Promise<AuthorizeResult>;
  /**
   * DONE: the money moved. PENDING: accepted for later; ask `operationStatus` until DONE.
   * Throws AppError('PROVIDER_UNAVAILABLE') when the provider cannot be reached (nothing happened).
   */
  capture(req: OperationRequest): Promise<OperationOutcome>;
  refund(req: OperationRequest): Promise<OperationOutcome>;
  void(req: OperationRequest): Promise<OperationOutcome>;
  /** What became of an operation: also how a crash between the call and its settlement is reconciled. */
  operationStatus(req: { operationId: string }): Promise<'DONE' | 'PENDING' | 'UNKNOWN'>;
}

export type OperationOutcome = 'DONE' | 'PENDING';
