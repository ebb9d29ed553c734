/**
 * The console page's one way to the server (ADR 033): the same /v1 operations as any client, with the
 * browser's console cookie (credentials 'same-origin') and, on every write, the session's CSRF token in
 * `x-kassa-csrf` (from the signed-in layout, never from a cookie the page can read). A 401 means the
 * session is over: the browser goes to sign in and comes back here.
 */
export const CSRF_HEADER = 'x-kassa-csrf';
export const SIGN_IN_PATH = '/console/sign-in';

/** A refusal, with the server's `error.message` (shown as it is) and `error.code`. */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const signInAgain = (): void => {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${SIGN_IN_PATH}?next=${encodeURIComponent(here)}`);
};

const errorMessage = (body: unknown): { message?: string; code?: string } => {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
  return {
    ...(typeof error?.message === 'string' ? { message: error.message } : {}),
    ...(typeof error?.code === 'string' ? { code: error.code } : {}),
  };
};

export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

export interface ConsoleApi {
  get<T>(path: string): Promise<ApiAnswer<T>>;
  /** `headers`: extra request headers, e.g. an `Idempotency-Key` for a money operation. */
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  put<T>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  delete<T>(path: string): Promise<ApiAnswer<T>>;
}

export const consoleApi = (csrfToken: string): ConsoleApi => {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...extra, accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status === 401) {
      signInAgain();
      throw new ConsoleApiError('Your session is over: sign in again.', 401, 'UNAUTHORIZED');
    }
    if (!res.ok) {
      const { message, code } = errorMessage(json);
      throw new ConsoleApiError(message ?? `The request failed (HTTP ${res.status}).`, res.status, code);
    }
    return { data: json as T, headers: res.headers };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body, headers),
    put: (path, body) => call('PUT', path, body),
    delete: (path) => call('DELETE', path),
  };
};
