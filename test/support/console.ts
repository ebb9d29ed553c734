import { expect } from 'vitest';
import { PEER_ADDRESS_HEADER } from '../../server/console/request-facts';
import type { ApiClient } from './api-client';
import { ACCOUNT } from './test-server';

/**
 * The console's sign-in and sign-out route handlers (app/console/api/*), called as Next calls them over
 * the process's Kassa (registerKassa), and /v1 as the console's page calls it: with the cookie, and on
 * writes the CSRF token and the page's Origin (ADR 033).
 */
const loginRoute = () => import('../../app/console/api/login/route');
const logoutRoute = () => import('../../app/console/api/logout/route');

export const USERS_PATH = `/v1/accounts/${ACCOUNT}/auth/users`;

export interface SignInOptions {
  /** The page's Origin header; null: none. Default: the public origin. */
  origin?: string | null;
  /** The peer address bin/kassa.ts tells. */
  address?: string;
  /** The account the sign-in names (default: the test account). */
  account?: string;
}

export const signIn = async (
  publicOrigin: string,
  email: string,
  password: string,
  opts: SignInOptions = {},
): Promise<Response> => {
  const headers = new Headers({
    'content-type': 'application/json',
    [PEER_ADDRESS_HEADER]: opts.address ?? '192.0.2.1',
  });
  if (opts.origin !== null) headers.set('origin', opts.origin ?? publicOrigin);
  const { POST } = await loginRoute();
  return POST(
    new Request(`${publicOrigin}/console/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ account: opts.account ?? ACCOUNT, email, password }),
    }),
  );
};

/** `kassa_console=<sealed>` from a sign-in's Set-Cookie. */
export const cookieOf = (res: Response): string => {
  const set = res.headers.get('set-cookie') ?? '';
  expect(set, `no console cookie (HTTP ${res.status})`).toMatch(/^kassa_console=[^;]+/);
  return set.split(';')[0]!;
};

/** A signed-in browser: its cookie, and the CSRF token the signed-in layout gives its page. */
export interface ConsoleBrowser {
  cookie: string;
  csrf: string;
}

export const signOut = async (publicOrigin: string, b: ConsoleBrowser, headers: Record<string, string> = {}) => {
  const { POST } = await logoutRoute();
  return POST(
    new Request(`${publicOrigin}/console/api/logout`, {
      method: 'POST',
      headers: { cookie: b.cookie, origin: publicOrigin, 'x-kassa-csrf': b.csrf, ...headers },
    }),
  );
};

/** Creates a console user through /v1 as the merchant's backend; answers its id. */
export const createUser = async (api: ApiClient, email: string, role: 'admin' | 'read-only', password: string) => {
  const res = await api.post(USERS_PATH, { email, role, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
};
