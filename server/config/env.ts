import path from 'node:path';
import { z } from 'zod';
import { KEY_TEXT, KEY_TEXT_RULE } from '../secrets/keyring';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every variable here also has its meaning in env-docs.ts, for the README's table (`npm run docs:env`). */
const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    /** PostgreSQL schema to use instead of the connection's default (created if missing). */
    KASSA_DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
      .optional(),
    KASSA_DATA_DIR: z.string().default('./data'),
    KASSA_PUBLIC_URL: z.string().url().optional(),
    /**
     * Trust X-Forwarded-Proto / X-Forwarded-Host (and Host) for the public origin: only behind a
     * reverse proxy that sets them. Unset: public URLs come from KASSA_PUBLIC_URL or the listening address.
     */
    KASSA_TRUST_PROXY: bool.default(false),
    /** PUT /v1/sessions/{id} requires write:checkout or admin:checkout (default: read:checkout suffices, as the spec says). */
    KASSA_SESSION_UPDATE_REQUIRES_WRITE: bool.default(false),
    KASSA_JWT_SECRET: z.string().min(32).optional(),
    /** The key of sealed cookies (checkout, console, demo login); unset = KASSA_SECRETS_FILE's, else the database's. */
    KASSA_COOKIE_SECRET: z.string().min(32).optional(),
    /** A JSON file with the server's keys (server/auth/secrets-file.ts), made when missing; unset = the database keeps them. */
    KASSA_SECRETS_FILE: z.string().min(1).optional(),
    /** ADR 049: the key that seals gateway credentials at rest (32 bytes, hex or base64); unset = KASSA_SECRETS_KEY_FILE's. */
    KASSA_SECRETS_KEY: z.string().regex(KEY_TEXT, KEY_TEXT_RULE).optional(),
    /** A file holding that key (it must exist); both unset = SQLite: `<data dir>/secrets.key`, made once; PostgreSQL: none. */
    KASSA_SECRETS_KEY_FILE: z.string().min(1).optional(),
    /** Older keys, comma-separated: they only open (key rotation, ADR 049). */
    KASSA_SECRETS_PREVIOUS_KEYS: z
      .string()
      .refine((v) => v.split(',').every((k) => !k.trim() || KEY_TEXT.test(k.trim())), `each key ${KEY_TEXT_RULE}`)
      .optional(),
    KASSA_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(14400),
    /**
     * The token endpoint's limits a minute before 429 + Retry-After (0: no limit; server/auth/token-attempt-limits.ts):
     * every request per source address; failed ones per address, per (client, address), and per client from
     * every address (the ceiling, which addresses that got a token for the client within a day pass).
     */
    KASSA_TOKEN_RATE_PER_ADDRESS: z.coerce.number().int().min(0).default(300),
    KASSA_TOKEN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(30),
    KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: z.coerce.number().int().min(0).default(10),
    KASSA_TOKEN_RATE_PER_CLIENT: z.coerce.number().int().min(0).default(60),
    /** issue 24: how long a connection may take to send the request's headers, and the whole request (ms). */
    KASSA_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    KASSA_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How long an idle keep-alive connection stays open (above a load balancer's idle timeout, 60 s on most). */
    KASSA_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
    /** Connections open at once; a connection past it is closed unanswered (0: no cap). */
    KASSA_MAX_CONNECTIONS: z.coerce.number().int().min(0).default(1000),
    /** issue 37: connections one address may hold (behind a trusted proxy: requests in flight per forwarded address; 0: no share). */
    KASSA_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
    /** issue 12 (abuse limits): declined or failed pay attempts per session before 429 + Retry-After (0: no limit). */
    KASSA_PAY_ATTEMPTS_PER_SESSION: z.coerce.number().int().min(0).default(10),
    /** Declined or failed customer pay attempts a minute per source address, across sessions (token bucket in this process's memory; 0: no limit). */
    KASSA_PAY_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(0).default(20),
    /** issue 12 (abuse limits): publish/scc codes per session an hour before 429 + Retry-After (0: no limit). */
    KASSA_SCC_PER_SESSION: z.coerce.number().int().min(0).default(5),
    /** issue 24 (ADR 030): wrong gift card tries (unknown token or number, wrong PIN) per session an hour before 429 + Retry-After (0: no limit). */
    KASSA_GIFT_CARD_ATTEMPTS_PER_SESSION: z.coerce.number().int().min(0).default(10),
    /** Wrong PINs per gift card (any session, any address) an hour before the card is 429 at checkout (0: no limit). */
    KASSA_GIFT_CARD_ATTEMPTS_PER_CARD: z.coerce.number().int().min(0).default(5),
    /** Wrong gift card tries a minute per source address, across sessions (token bucket in this process's memory; 0: no limit). */
    KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
    /** The HMAC key of wallet token PINs; unset = a key generated once and kept in the database (ADR 030). Changing it voids every PIN. */
    KASSA_WALLET_PIN_KEY: z.string().min(32).optional(),
    /** issue 24: the customer's writes (PUT .../order/*, payment_information) per session an hour before 429 + Retry-After (0: no limit). */
    KASSA_VIEW_WRITES_PER_SESSION: z.coerce.number().int().min(0).default(300),
    /** issue 24: bytes the customer's writes may add to one session's events (details and request headers); then 429 (0: no limit). */
    KASSA_VIEW_EVENT_BYTES_PER_SESSION: z.coerce.number().int().min(0).default(524_288),
    KASSA_SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(86400),
    KASSA_BOOTSTRAP_ACCOUNT: z
      .string()
      .regex(/^[PT]\d{8}$/, 'must be T or P followed by 8 digits')
      .optional(),
    KASSA_BOOTSTRAP_CLIENT_ID: z.string().min(1).optional(),
    KASSA_BOOTSTRAP_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The demo store (/demo) on its own test account: unset = on only when no KASSA_BOOTSTRAP_* is set (ADR 029). */
    KASSA_DEMO: bool.optional(),
    /** The demo merchant's client secret (stored hashed); unset = generated once and printed once. */
    KASSA_DEMO_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The console admin the startup merchant gets when it has none (ADR 033). */
    KASSA_CONSOLE_ADMIN_EMAIL: z.email('must be an e-mail address').max(254).default('admin@kassa.local'),
    /** That admin's password (a start with it set replaces the stored one); unset = generated once and printed once. */
    KASSA_CONSOLE_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
    /** Minutes a console session lasts without a request before it must sign in again. */
    KASSA_CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
    /** log2 of scrypt's N for new console password hashes (15: 32 MiB each); the test servers use less. */
    KASSA_CONSOLE_PASSWORD_COST: z.coerce.number().int().min(10).max(17).default(15),
    /**
     * Wrong console sign-ins within 15 minutes before 429 + Retry-After (0: no limit): per user's e-mail from every
     * address (the ceiling, which an address that signed in to it lately passes), per (e-mail, address), and per
     * source address whatever the e-mail (server/console/login-attempt-limits.ts).
     */
    KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(0).default(50),
    KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS: z.coerce.number().int().min(0).default(10),
    KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
    /** SQLite: how long a write waits for another process's write lock before it fails with 503 SERVICE_UNAVAILABLE (issue 12). */
    KASSA_SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    /** PostgreSQL: how long a query waits for its answer (its connection is then dropped), or a request for a connection, before 503 (0 = no query timeout). */
    KASSA_PG_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    KASSA_CALLBACK_WORKER: bool.default(true),
    KASSA_CALLBACK_POLL_MS: z.coerce.number().int().min(10).max(60000).default(250),
    KASSA_CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
    KASSA_CALLBACK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600000).default(2000),
    /**
     * Callback URLs on private, loopback, link-local or unique-local addresses (and `localhost`):
     * unset = allowed for test accounts (T...) only; true = allowed for every account; false = for none.
     */
    KASSA_ALLOW_PRIVATE_CALLBACKS: bool.optional(),
    KASSA_VALIDATE_RESPONSES: bool.default(false),
    KASSA_LOG_REQUESTS: bool.default(false),
    /** pino level for the JSON logs on stdout; `silent` turns them off (tests). */
    KASSA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** On SIGTERM/SIGINT: how long in-flight requests and the pollers' current step may take before a forced exit 1. */
    KASSA_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(10000),
    /** Delivered and failed callbacks (with their attempt log) are deleted this many days after they became final. */
    KASSA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How often each process purges expired idempotency keys and old callbacks (KASSA_CALLBACK_WORKER=false stops it). */
    KASSA_PURGE_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  })
  .superRefine((env, ctx) => {
    const set = [env.KASSA_BOOTSTRAP_ACCOUNT, env.KASSA_BOOTSTRAP_CLIENT_ID, env.KASSA_BOOTSTRAP_CLIENT_SECRET].filter(
      Boolean,
    ).length;
    if (set !== 0 && set !== 3) {
      ctx.addIssue({
        code: 'custom',
        message:
          'KASSA_BOOTSTRAP_ACCOUNT, KASSA_BOOTSTRAP_CLIENT_ID and KASSA_BOOTSTRAP_CLIENT_SECRET must be set together',
      });
    }
    const [perClient, perClientAddress] = [
      env.KASSA_TOKEN_RATE_PER_CLIENT,
      env.KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS,
    ];
    if (perClient > 0 && !(perClientAddress > 0 && perClientAddress < perClient)) {
      const message =
        'must be between 1 and KASSA_TOKEN_RATE_PER_CLIENT - 1 while that is set: one address may not reach the client ceiling';
      ctx.addIssue({ code: 'custom', path: ['KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS'], message });
    }
    const [perEmail, perEmailAddress] = [
      env.KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL,
      env.KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS,
    ];
    if (perEmail > 0 && !(perEmailAddress > 0 && perEmailAddress < perEmail)) {
      const message =
        'must be between 1 and KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL - 1 while that is set: one address may not reach the e-mail ceiling';
      ctx.addIssue({ code: 'custom', path: ['KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS'], message });
    }
    if (env.KASSA_SECRETS_KEY && env.KASSA_SECRETS_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['KASSA_SECRETS_KEY_FILE'],
        message: 'set it or KASSA_SECRETS_KEY, not both',
      });
    }
    if (env.KASSA_HEADERS_TIMEOUT_MS > env.KASSA_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['KASSA_HEADERS_TIMEOUT_MS'],
        message: 'must not be above KASSA_REQUEST_TIMEOUT_MS',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

/** Parses the environment once at startup; a bad value fails loudly and early. */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): Env => {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.KASSA_DATA_DIR) };
};
