/** The one server the browser tests run against (started by playwright.config.ts). */
// KASSA_E2E_PORT lets two checkouts of the project run their browser tests side by side.
export const E2E_PORT = Number(process.env.KASSA_E2E_PORT ?? 3411);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The startup merchant the server creates from KASSA_BOOTSTRAP_* for the tests. */
export const E2E_CREDENTIALS = {
  accountId: 'T12345678',
  clientId: 'e2e-client',
  clientSecret: 'e2e-secret-0123456789abcdef',
} as const;

/** The demo store's merchant (its own account; KASSA_DEMO_CLIENT_SECRET), for its back office's login. */
export const E2E_DEMO_MERCHANT = {
  clientId: 'demo-merchant',
  clientSecret: 'e2e-demo-secret-0123456789abcdef',
} as const;

/** The startup merchant's console admin (KASSA_CONSOLE_ADMIN_EMAIL / KASSA_CONSOLE_ADMIN_PASSWORD), for signing in to /console. */
export const E2E_CONSOLE_ADMIN = {
  email: 'admin@e2e.kassa.test',
  password: 'e2e-console-password-0123',
} as const;

export const CARDS = {
  approve: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
} as const;

/**
 * A sandbox gift card that pays part of the demo order (server/providers/sandbox/sandbox-gift-cards.ts;
 * documented in the README): `balance` in øre.
 */
export const GIFT_CARD = { number: '6000 0000 0000 0001', pin: '1234', balance: 10000 } as const;
