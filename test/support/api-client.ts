import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from './test-server';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny merchant-side client, as a merchant's backend would use the API. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  static async login(
    baseUrl: string,
    account = ACCOUNT,
    clientId = CLIENT_ID,
    secret = CLIENT_SECRET,
  ): Promise<ApiClient> {
    const res = await fetch(`${baseUrl}/v1/accounts/${account}/auth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ grant_type: 'client_credentials', audience: `${baseUrl}/v1/accounts/${account}` }),
    });
    const body = (await res.json()) as { access_token: string };
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
    return new ApiClient(baseUrl, body.access_token);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string'
            ? body
            : body instanceof Uint8Array
              ? new Blob([new Uint8Array(body)])
              : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body, headers);
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

/** A card expiry `MM/YY` in December, `years` years from now (computed from the clock: never expires). */
export const futureExpiry = (years = 5, now = new Date()) =>
  `12/${String((now.getUTCFullYear() + years) % 100).padStart(2, '0')}`;
/** futureExpiry() as the API shows it on a transaction's card (`MM/YYYY`). */
export const futureExpiryDate = (years = 5, now = new Date()) => `12/${now.getUTCFullYear() + years}`;

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
}
export const card = (number: string): Card => ({ number, expiry: futureExpiry(), cvc: '123' });
export const APPROVE_CARD = card('4111 1111 1111 1111');
export const DECLINE_CARD = card('4000 0000 0000 0002');

/** A Norwegian shopper's address (express sessions, shipping callbacks); `NORWEGIAN_CONTACT` adds email and phone. */
export const NORWEGIAN_ADDRESS = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  address_line: 'Storgata 1',
  postal_code: '0155',
  postal_place: 'Oslo',
  country: 'NO',
} as const;
export const NORWEGIAN_CONTACT = {
  ...NORWEGIAN_ADDRESS,
  email: 'kari@example.com',
  phone_number: '+4799999999',
} as const;

/** The customer's POST /v1/sessions/{id}/pay body for a sandbox card. */
export const payBody = (c: Card = APPROVE_CARD) => ({
  payment: { payment_product_type: 'sandbox.creditcard', card: c },
});
