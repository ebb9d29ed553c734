import type { CardInput, CardSummary } from '../../domain/card';
import type { MinorUnits, PricedMoney } from '../../domain/money';
import type { PaymentKind } from '../../domain/view-types';
import type { Executor } from '../db/database';

/**
 * The provider port (ADR 032): what every payment provider implements and the only way the payments
 * module reaches one. Every method is called outside any database transaction. Amounts are minor units
 * with their currency. A provider that could not be reached (nothing was sent) throws
 * `providerNotReached` (PROVIDER_UNAVAILABLE): nothing happened on its side, and Kassa changes nothing
 * either. One that was sent the request and gave no usable answer throws `ProviderOutcomeUnknown`: it may
 * have acted, so a money operation stays reserved until `operationStatus` tells (provider-errors.ts, ADR 041).
 */
export type { CardInput, CardSummary };

/** What a product can do; the registry, session configuration, the view and the page read these. */
export interface ProductCapabilities {
  /** Capture less than authorized, more than once. */
  readonly partialCapture: boolean;
  /** Void part of what is still authorized (else a void releases all of it). */
  readonly partialVoid: boolean;
  /** Capture and refund by order line (items). */
  readonly itemBased: boolean;
  readonly refunds: boolean;
  /** Stores a card and answers tokens (payment-token sessions, saved cards, merchant-initiated pay). */
  readonly tokenization: boolean;
  /** May send the shopper to a page of its own first (3-D Secure, an approval page). */
  readonly customerAction: boolean;
  /** May accept capture, refund or void for later (202), settled by `operationStatus`. */
  readonly asyncOperations: boolean;
  /** The authorization amount can be changed after the fact (PUT /v1/transactions/{id}/authorization). */
  readonly authorizationUpdate: boolean;
}

/**
 * What the shopper pays with, as the page shows and asks for it (`PaymentKind`), or `gift_cards`: the
 * order's gift cards pay all of it (never a method of its own on the page).
 */
export type ProductKind = PaymentKind | 'gift_cards';

/** One payment product type a provider serves, e.g. `sandbox.creditcard` or `payment_app.acme`. */
export interface PaymentProduct {
  /** `<provider>.<product>`: the public `payment_product_type`. */
  readonly type: string;
  /** The name the checkout shows. */
  readonly name: string;
  readonly kind: ProductKind;
  readonly capabilities: ProductCapabilities;
  /** Other spellings the public API accepts for this type (e.g. `dintero.wallets`). */
  readonly aliases?: readonly string[];
  /** Only test accounts (T...) may offer it (the sandbox). */
  readonly testOnly?: boolean;
}

/** Amounts: `MinorUnits` with the currency and its exponent (`priced`, domain/money.ts). */
export interface AuthorizeRequest extends PricedMoney {
  readonly accountId: string;
  readonly productType: string;
  readonly transactionId: string;
  /** The typed card (kind 'card'). */
  readonly card?: CardInput;
  /** A stored card's token (saved card, merchant-initiated pay). */
  readonly token?: string;
  /** The shopper's details a credit decision needs (kind 'invoice' or 'installment'). */
  readonly applicant?: { readonly email: string; readonly phone_number: string };
  /** Where the provider's own page sends the shopper back to (customer action); absent when no shopper is present (merchant-initiated). */
  readonly returnUrl?: string;
}

/**
 * What a provider keeps of its own with an approved payment (its payment id, its state), as JSON: Kassa
 * stores it with the transaction (at most PROVIDER_DATA_MAX_BYTES) and hands it back to every later call.
 */
export type ProviderData = Readonly<Record<string, unknown>>;
export const PROVIDER_DATA_MAX_BYTES = 4096;

/** What a later call knows of the approved payment: the provider's reference and data, when it gave them. */
export interface ApprovedPayment {
  readonly providerReference?: string;
  readonly providerData?: ProviderData;
}

export type AuthorizeAnswer =
  | {
      outcome: 'APPROVED';
      card?: CardSummary;
      /** The provider's own reference of the payment: stored, shown on the AUTHORIZE event, handed back to every later call. */
      providerReference: string;
      providerData?: ProviderData;
      /** ON_HOLD when the session allows it. */ review?: boolean;
    }
  | { outcome: 'DECLINED'; card?: CardSummary; code: string; message: string; retryable: boolean };

/**
 * What the provider holds of an authorization Kassa asked for and got no usable answer to (`authorizationStatus`):
 * APPROVED or DECLINED as `authorize` would have answered; PENDING: not decided yet (ask again later); UNKNOWN: the
 * provider never received it (nothing was authorized).
 */
export type AuthorizationStatus = AuthorizeAnswer | { outcome: 'PENDING' } | { outcome: 'UNKNOWN' };

/** The shopper must act on another page before the payment is decided. */
export interface CustomerActionAnswer {
  outcome: 'CUSTOMER_ACTION';
  /** Where the shopper goes (absolute, or a path on this server). */
  url: string;
  /** Kept with the attempt and handed back to `completeCustomerAction` (JSON). */
  state: Record<string, unknown>;
  card?: CardSummary;
  /**
   * How Kassa names the action: `code` in the pay answer's `actions` (e.g. `3DS_CHALLENGE`), `type` in the
   * session's PAYMENT_REDIRECT event (e.g. `3ds`). Default: `CUSTOMER_ACTION` and `redirect`.
   */
  action?: { code: string; type: string };
}

export interface OperationRequest extends PricedMoney, ApprovedPayment {
  readonly accountId: string;
  readonly productType: string;
  readonly transactionId: string;
  readonly operationId: string;
  /** A capture's or refund's order lines (what invoice and pay-later providers settle by); absent when it names none. */
  readonly items?: readonly { readonly line_id: string; readonly amount: MinorUnits; readonly quantity?: number }[];
}

/** DONE: the money moved. PENDING: accepted for later; ask `operationStatus` until DONE. */
export type OperationOutcome = 'DONE' | 'PENDING';

export type OperationStatus = 'DONE' | 'PENDING' | 'FAILED' | 'UNKNOWN';

/** One operation the provider holds for a transaction: Kassa's (its `operationId`) or one of its own. */
export interface ProviderOperation {
  readonly operationId: string;
  readonly kind: 'CAPTURE' | 'REFUND' | 'VOID';
  readonly amount: MinorUnits;
  /** DONE: the money moved; PENDING: accepted, not yet done. */
  readonly status: 'DONE' | 'PENDING';
}

/** What the provider holds for one transaction (`transactionState`): the operations it did or will do. */
export interface ProviderTransactionState {
  readonly operations: readonly ProviderOperation[];
}

export type TokenType = 'payment_token' | 'recurrence_token';

export interface TokenizeResult {
  card: CardSummary;
  payment_token: string;
  recurrence_token?: string;
}

export interface PaymentProvider {
  /** The provider segment of its product types (`sandbox`, `payment_app`). */
  readonly name: string;
  readonly products: readonly PaymentProduct[];
  /**
   * Products that exist per account (payment apps): the registry asks the provider whose `name` is a
   * type's segment for any type it does not know statically. `exec`: the caller's database executor
   * (inside a unit of work, its transaction: read through it, never around it).
   */
  productsFor?(accountId: string, exec?: Executor): Promise<readonly PaymentProduct[]>;
  /** One per-account product, enabled or not (what its transactions can do); undefined when there is none. */
  productFor?(accountId: string, productType: string, exec?: Executor): Promise<PaymentProduct | undefined>;
  authorize(req: AuthorizeRequest): Promise<AuthorizeAnswer | CustomerActionAnswer>;
  /** The shopper came back from the provider's page; `state` is what `authorize` kept. */
  completeCustomerAction(req: {
    accountId: string;
    productType: string;
    transactionId: string;
    state: Record<string, unknown>;
    /** What the page reported (e.g. `complete`/`fail`, `approve`/`reject`), when the provider's page is Kassa's own. */
    decision?: string;
  }): Promise<AuthorizeAnswer>;
  /**
   * What became of an authorization (`authorize`, or the decision after the shopper's page) whose answer never came:
   * the recovery asks it before it closes anything (ADR 050). Must answer from what the provider holds, never guess.
   */
  authorizationStatus(req: {
    accountId: string;
    productType: string;
    transactionId: string;
  }): Promise<AuthorizationStatus>;
  capture(req: OperationRequest): Promise<OperationOutcome>;
  refund(req: OperationRequest): Promise<OperationOutcome>;
  void(req: OperationRequest): Promise<OperationOutcome>;
  /**
   * Holds `amount` as the authorization from now on (only with `capabilities.authorizationUpdate`;
   * the same amount again extends it). Resolves once the provider holds it; asking again with the
   * same amount is harmless. A provider without it has its updates decided by Kassa alone.
   */
  updateAuthorization?(req: OperationRequest): Promise<void>;
  /**
   * What became of an operation: also how a crash between the call and its settlement is reconciled.
   * DONE: the money moved; PENDING: not yet; FAILED: accepted for later, then not done (nothing moved);
   * UNKNOWN: the provider never received it.
   */
  operationStatus(
    req: { accountId: string; productType: string; operationId: string; transactionId?: string } & ApprovedPayment,
  ): Promise<OperationStatus>;
  /**
   * The transaction as the provider holds it (`POST /v1/events/transaction/sync_status`, ADR 036): every
   * capture, refund and void it recorded, whoever asked for it. Kassa books what it does not know of.
   */
  transactionState(
    req: { accountId: string; productType: string; transactionId: string } & ApprovedPayment,
  ): Promise<ProviderTransactionState>;
  /** The card a stored token stands for, or undefined when the provider does not know it (saved cards on the page). */
  storedCard?(req: { accountId: string; productType: string; token: string }): Promise<CardSummary | undefined>;
  /** Stores the card (no charge) and returns its tokens (only with `capabilities.tokenization`). */
  tokenize?(req: {
    accountId: string;
    productType: string;
    card: CardInput;
    tokenTypes: readonly TokenType[];
  }): Promise<TokenizeResult>;
}
