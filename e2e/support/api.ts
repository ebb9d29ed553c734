import { expect } from '@playwright/test';
import { CARDS, E2E_BASE_URL, E2E_CREDENTIALS } from './constants';
import { futureExpiry } from './dates';
import { WAIT_MS } from '../../test/support/wait';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A JSON call to the Kassa API, as a merchant's server makes it. */
export const api = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<ApiResponse<T>> => {
  const res = await fetch(`${E2E_BASE_URL}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
};

let cached: Promise<string> | undefined;

/**
 * Client credentials grant with HTTP Basic auth; asked once per test worker and reused, as a
 * merchant's backend does (tokens last hours, and the endpoint is rate limited).
 */
export const getToken = (): Promise<string> => {
  cached ??= requestToken().catch((e: unknown) => {
    cached = undefined;
    throw e;
  });
  return cached;
};

const requestToken = async (): Promise<string> => {
  const { accountId, clientId, clientSecret } = E2E_CREDENTIALS;
  const res = await fetch(`${E2E_BASE_URL}/v1/accounts/${accountId}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${E2E_BASE_URL}/v1/accounts/${accountId}` }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token)
    throw new Error(`token request failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
};

/** Creates (rotates) the account's callback signing secret and returns it. */
export const createSigningSecret = async (token: string): Promise<string> => {
  const res = await api<{ signature: { type: string; secret: string } }>('POST', '/v1/admin/signature', {
    token,
    body: {},
  });
  if (res.status !== 200) throw new Error(`signature request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.signature.secret;
};

export const ORDER_ITEMS = [
  {
    id: 'tee',
    line_id: '1',
    description: 'Organic cotton T-shirt',
    quantity: 2,
    amount: 39800,
    vat_amount: 7960,
    vat: 25,
  },
  { id: 'socks', line_id: '2', description: 'Wool socks', quantity: 1, amount: 12950, vat_amount: 2590, vat: 25 },
];
export const ORDER_AMOUNT = 52750;

/** A session for a 527.50 NOK order, returning to (and calling back) the given URLs. */
export const createSession = async (
  token: string,
  urls: { return_url: string; callback_url?: string; merchant_terms_url?: string },
  extra: Record<string, unknown> = {},
) => {
  const merchantReference = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await api<{ id: string; url: string }>('POST', '/v1/sessions', {
    token,
    body: {
      url: urls,
      order: {
        amount: ORDER_AMOUNT,
        currency: 'NOK',
        merchant_reference: merchantReference,
        vat_amount: 10550,
        items: ORDER_ITEMS,
      },
      configuration: { sandbox: { creditcard: { enabled: true } } },
      ...extra,
    },
  });
  if (res.status !== 200) throw new Error(`session create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, merchantReference };
};

/** Pays a session through the API with the sandbox card that is approved; returns the transaction's id. */
export const payWithApprovedCard = async (sessionId: string): Promise<string> => {
  const paid = await api<{ success: boolean; transaction_id: string }>('POST', `/v1/sessions/${sessionId}/pay`, {
    body: {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: CARDS.approve, expiry: futureExpiry(), cvc: '123' },
      },
    },
  });
  expect(paid.body.success).toBe(true);
  return paid.body.transaction_id;
};

export interface TransactionEvent {
  event: string;
  success: boolean;
  amount?: number;
  error?: { code: string; message: string };
}
export interface Transaction {
  id: string;
  status: string;
  amount: number;
  currency: string;
  merchant_reference: string;
  session_id: string;
  events: TransactionEvent[];
}

/**
 * A session (as `createSession`) that has expired as sessions do: created with an `expires_at` moments ahead,
 * then waited on until the view API (what the page reads) answers that it expired. The API refuses an instant that
 * has passed when the request arrives; on a machine slow enough for that, the next try sets it twice as far ahead.
 */
export const createExpiredSession = async (
  token: string,
  urls: { return_url: string; callback_url?: string; merchant_terms_url?: string },
  extra: Record<string, unknown> = {},
) => {
  let session: Awaited<ReturnType<typeof createSession>> | undefined;
  let expiresAt = 0;
  for (let aheadMs = 2000; !session; aheadMs *= 2) {
    expiresAt = Date.now() + aheadMs;
    session = await createSession(token, urls, { ...extra, expires_at: new Date(expiresAt).toISOString() }).catch(
      (e: Error) => {
        if (aheadMs < 64_000 && /must be in the future/.test(e.message)) return undefined;
        throw e;
      },
    );
  }
  const { id } = session;
  await expect
    .poll(
      async () => {
        const view = await api<{ error?: { code: string; cause?: string } }>('GET', `/v1/view/${id}/session`);
        return view.body.error && { status: view.status, code: view.body.error.code, cause: view.body.error.cause };
      },
      // the expect timeout counts from when it has expired, not from now
      { intervals: [250], timeout: Math.max(0, expiresAt - Date.now()) + WAIT_MS },
    )
    .toEqual({ status: 404, code: 'SESSION_NOT_AVAILABLE', cause: 'EXPIRED' });
  return session;
};
