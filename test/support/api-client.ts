import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from './test-server';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny merchant-side client, as a merchant's backend would use the API. */
export class ApiClient {
  constructor(readonly baseUrl: string, private token?: string) {}

  static async login(baseUrl: string, account = ACCOUNT, clientId = CLIENT_ID, secret = CLIENT_SECRET): Promise<ApiClient> {
    const res = await fetch(`${baseUrl}/v1/accounts/${account}/auth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', audience: `${baseUrl}/v1/accounts/${account}` }),
    });
    const body = (await res.json()) as { access_token: string };
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
    return new ApiClient(baseUrl, body.access_token);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body, headers);
}

export const sessionBody = (overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) => ({
  url: { return_url: 'https://merchant.example/return' },
  order: {
    amount: 10000,
    currency: 'NOK',
    merchant_reference: `order-${Math.random().toString(36).slice(2, 10)}`,
    items: [
      { line_id: '1', description: 'Widget', quantity: 2, amount: 6000, vat_amount: 1200 },
      { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000, vat_amount: 800 },
    ],
    ...order,
  },
  ...overrides,
});

export const APPROVE_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' };
export const DECLINE_CARD = { number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };

export const payBody = (card = APPROVE_CARD) => ({ payment: { payment_product_type: 'sandbox.creditcard', card } });
