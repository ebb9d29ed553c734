import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Database, Executor } from '../db/database';
import type { SessionKindColumn, SessionStatusColumn } from '../db/schema';
import type { MinorUnits } from '../../domain/money';

/**
 * The port payments declares for the checkout session it pays, and server/sessions implements
 * (`ctx.payableSessions`, wired in create-kassa.ts): payments never imports sessions (ADR 032).
 * Sessions hand payments a snapshot of what paying reads; payments changes a session only through
 * `save` (its payment status) and `appendEvent`, inside the transaction that holds the session's row.
 */

/** What a payment copies from the session's order or reads of it; money in minor units (sessions type it when they hand it over). */
export interface PayableOrder {
  readonly amount: MinorUnits;
  readonly items?: readonly { readonly line_id: string; readonly amount: MinorUnits }[];
  readonly gift_cards?: readonly {
    readonly card_id: string;
    readonly masked_card_token: string;
    readonly amount: MinorUnits;
  }[];
  readonly shipping_option?: unknown;
  readonly shipping_address?: unknown;
  readonly billing_address?: unknown;
  readonly payout_destination_id?: string;
  readonly store?: { readonly id?: string; readonly payout_destination_id?: string };
  /** The capture reference of an automatic capture. */
  readonly event_reference?: string;
}

/** The snapshot of a session that paying reads (the session's record satisfies it). */
export interface PayableSession {
  readonly id: string;
  readonly account_id: string;
  readonly kind: SessionKindColumn;
  readonly status: SessionStatusColumn;
  /** The version `save` checks. */
  readonly version: number;
  readonly currency: string;
  readonly amount: MinorUnits;
  readonly merchant_reference: string;
  readonly merchant_reference_2: string | null;
  readonly payment_operation: string | null;
  readonly platform_type: string | null;
  readonly transaction_id: string | null;
  readonly expires_at: string;
  readonly url: { readonly return_url?: string; readonly callback_url?: string };
  readonly order: PayableOrder;
  readonly configuration: {
    readonly auto_capture?: boolean;
    readonly enable_on_hold?: boolean;
    readonly channel?: string;
    /** The text on the customer's bank statement, copied onto the transaction. */
    readonly dynamic_descriptor?: string;
  };
  /** As the merchant sent it: `tokens` are stored card tokens, never copied onto a transaction. */
  readonly customer?: { readonly customer_id?: string; readonly tokens?: unknown; readonly [field: string]: unknown };
  readonly express?: {
    readonly shipping_address_callback_url?: string;
    readonly shipping_options?: readonly unknown[];
  };
  readonly metadata?: Record<string, unknown>;
  /** A payment-token session: the tokens the saved card yields. */
  readonly tokenProvider?: { readonly token_types: ('payment_token' | 'recurrence_token')[] };
}

/** The session's payment status, as payments moves it (with the transaction that paid it). */
export interface PaymentStateChange {
  status: 'OPEN' | 'PAYING' | 'AUTHORIZED' | 'ON_HOLD';
  transaction_id?: string | null;
}

/** The session events a payment appends. */
export type PaymentSessionEvent = 'AUTHORIZED' | 'ON_HOLD' | 'DECLINED' | 'FAILED' | 'PAYMENT_REDIRECT';

/**
 * The session a merchant-initiated pay creates and pays in one call, as the request's schema validated it
 * (server/sessions/session-schemas.ts types its amounts): payments hands it to sessions and reads the
 * money it charges from the `PayableSession` sessions create from it, never from here.
 */
export interface NewPayableSession {
  url?: { return_url?: string; callback_url?: string; [k: string]: unknown };
  order: {
    amount: number;
    currency: string;
    merchant_reference: string;
    items?: { line_id: string; amount: number }[];
    shipping_option?: { amount: number };
    [k: string]: unknown;
  };
  customer?: {
    first_name?: string;
    last_name?: string;
    email?: string;
    tokens?: { readonly [productType: string]: unknown };
    [k: string]: unknown;
  };
  configuration?: Record<string, unknown>;
  express?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  expires_at?: string;
  payment_operation?: string;
  platform_type?: string;
}

export interface PayableSessions {
  /** The session's snapshot; `lock` holds its row until the transaction ends. With `accountId`, another account's session is not found. */
  load(
    exec: Executor,
    database: Database,
    id: string,
    opts?: { accountId?: string; lock?: boolean },
  ): Promise<PayableSession>;
  /**
   * Locks a session the customer pays now: 412 when it changed since `ifUnmodifiedSince` (its time or version);
   * 400 when it is cancelled, paid, being paid, expired or locked by the shop; a merchant-initiated one is not found.
   */
  lockToPay(
    trx: Executor,
    database: Database,
    id: string,
    ifUnmodifiedSince: string | undefined,
  ): Promise<PayableSession>;
  /** Locks a session whose checkout is still open; else the view's 404 with its cause. */
  lockOpenForView(trx: Executor, database: Database, id: string): Promise<PayableSession>;
  /** The session is past its `expires_at`: it can no longer be paid. */
  isExpired(session: Pick<PayableSession, 'expires_at'>): boolean;
  /** The payment types its configuration enables. */
  paymentTypes(ctx: AppContext, session: PayableSession, exec?: Executor): Promise<readonly string[]>;
  /** THE versioned write of its payment status (409 CONFLICT when the session changed since `session.version`). */
  save(
    trx: Executor,
    session: Pick<PayableSession, 'id' | 'version'>,
    change: PaymentStateChange,
    now?: string,
  ): Promise<void>;
  /** Appends a session event (with `meta`, the request's id and redacted headers); inside the transaction holding the row. */
  appendEvent(
    trx: Executor,
    sessionId: string,
    name: PaymentSessionEvent,
    opts?: { meta?: RequestMeta; details?: Record<string, unknown> },
  ): Promise<string>;
  /** Merchant-initiated pay: every rule a new session must pass; the payment types it enables. */
  checkNew(ctx: AppContext, actor: Actor, draft: NewPayableSession, meta: RequestMeta): Promise<readonly string[]>;
  /** Merchant-initiated pay: inserts the session (kind MERCHANT_INITIATED; the request's merchant-reference rules) and locks it. */
  insertMerchantInitiated(
    ctx: AppContext,
    trx: Executor,
    actor: Actor,
    draft: NewPayableSession,
    meta: RequestMeta,
  ): Promise<PayableSession>;
  /** A transaction view's `includes=session` (and `session.events.latest`) and `initiating_system_request_headers`. */
  includedIn(exec: Executor, sessionId: string, includes: readonly string[]): Promise<Record<string, unknown>>;
}
