import type { Env } from './config/env';
import type { Database } from './db/database';
import type { TokenSigner } from './auth/tokens';
import type { Acquirer } from './providers/acquirer';
import type { KassaMetrics } from './observability/metrics';

/** Everything a use case may depend on. Built once per process by createAppContext. */
export interface AppContext {
  readonly env: Env;
  readonly database: Database;
  readonly tokens: TokenSigner;
  readonly acquirer: Acquirer;
  /** Password for the checkout's sealed browser cookie (iron-session). */
  readonly cookiePassword: string;
  /** Prometheus metrics of this process (absent in contexts built without createKassa). */
  readonly metrics?: KassaMetrics;
}

/** Per-request facts a use case may need, independent of the HTTP framework. */
export interface RequestMeta {
  readonly requestId: string;
  /** Public origin of this server, e.g. http://localhost:3000 (no trailing slash). */
  readonly baseUrl: string;
  /** The request's headers, lower-cased names (redact before storing: server/shared/request-headers.ts). */
  readonly headers: Readonly<Record<string, string | undefined>>;
}
