import type { WakeSignal } from './shared/wake-signal';
import type { Env } from './config/env';
import type { Database } from './db/database';
import type { RateLimiter } from './auth/rate-limiter';
import type { TokenRateLimits } from './auth/token-attempt-limits';
import type { TokenSigner } from './auth/tokens';
import type { ProviderRegistry } from './providers/registry';
import type { KassaMetrics } from './observability/metrics';
import type { Logger } from './observability/logger';
import type { PayableSessions } from './payments';

/** Everything a use case may depend on. Built once per process by createAppContext. */
export interface AppContext {
  readonly env: Env;
  readonly database: Database;
  readonly tokens: TokenSigner;
  /** The payment providers, by payment product type (server/providers/registry.ts; ADR 032). */
  readonly providers: ProviderRegistry;
  /** Password for the checkout's sealed browser cookie (iron-session). */
  readonly cookiePassword: string;
  /** The token endpoint's rate limits (this process's memory). */
  readonly tokenRateLimits: TokenRateLimits;
  /** Customer pay attempts per source address across sessions (this process's memory; server/payments/attempt/limit-pay-attempts.ts). */
  readonly payAttemptsPerAddress: RateLimiter;
  /** Wrong gift card tries per source address across sessions (this process's memory; server/wallets/limit-gift-card-attempts.ts). */
  readonly giftCardAttemptsPerAddress: RateLimiter;
  /** The HMAC key of wallet card token PINs (KASSA_WALLET_PIN_KEY, else kept in the database; ADR 030). */
  readonly walletPinKey: string;
  /** The checkout sessions payments pays, through the port payments declares (server/sessions/payable-sessions.ts; ADR 032). */
  readonly payableSessions: PayableSessions;
  /** Wakes this process's callback worker once a transaction that queued a callback has committed. */
  readonly callbacksQueued: WakeSignal;
  /** Prometheus metrics of this process (absent in contexts built without createKassa). */
  readonly metrics?: KassaMetrics;
  /** This process's log (pino): what a use case notes for an operator, never a card number, token or secret. */
  readonly logger: Logger;
}

/** The claimed Idempotency-Key; `replayed` is set when the use case answered from a recorded resource. */
export interface IdempotencyScope {
  readonly accountId: string;
  readonly key: string;
  replayed: boolean;
}

/** Per-request facts a use case may need, independent of the HTTP framework. */
export interface RequestMeta {
  readonly requestId: string;
  /** Public origin of this server, e.g. http://localhost:3000 (no trailing slash). */
  readonly baseUrl: string;
  /** The request's headers, lower-cased names (redact before storing: server/shared/request-headers.ts). */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The connection's peer address (the proxy's when there is one; see server/http/client-address.ts). */
  readonly remoteAddress?: string;
  /**
   * The Idempotency-Key this request claimed (ADR 006). A use case's state-changing transaction
   * passes `meta` to `oncePerKey` (server/idempotency/once-per-key.ts), which records the resource
   * in that same transaction, so a retry after a crash finds it instead of changing state again.
   */
  readonly idempotency?: IdempotencyScope;
}
