import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { deliveryTarget, privateCallbacksAllowed, type LookupFn } from '../../callbacks/callback-url-policy';
import type { Env } from '../../config/env';
import type { AppError } from '../../errors/app-error';
import { PostFailed, postPinned } from '../../shared/post-pinned';
import { signatureHeader } from '../../signature/sign-callback';
import { ProviderOutcomeUnknown, providerNotReached } from '../provider-errors';
import { APP_PATHS, type AppMethod } from './app-protocol';

const MAX_ANSWER_BYTES = 65_536;

/** Where and how to reach one app of one account. */
export interface AppTarget {
  accountId: string;
  /** The configured base URL. */
  url: string;
  timeoutMs: number;
  /** The account's signing secret. */
  secret: string;
  /** The app's own credential (ADR 049), sent as `Authorization: Bearer`; never logged, never in an error. */
  authToken?: string;
}

export interface AppCallOptions {
  env: Pick<Env, 'KASSA_ALLOW_PRIVATE_CALLBACKS'>;
  /** DNS lookup (tests); default dns.lookup. */
  lookup?: LookupFn;
}

/** Kassa sent the app nothing (not configured, refused by the URL policy, not connected): nothing happened there. */
export const appUnavailable = (detail: string): AppError => providerNotReached(`payment app: ${detail}`);

/** The app was sent the request and gave no usable answer: it may have acted on it (provider-errors.ts). */
const noAnswer = (detail: string): AppError => new ProviderOutcomeUnknown(`payment app: ${detail}`);

/**
 * `<base>/<path>?content_sha256=<hex of the body>`: the body's digest is in the query, which the
 * signature covers, so the signature (the callbacks' own: t, account, method, host, path, sorted
 * query) also proves the body.
 */
export const appRequestUrl = (base: string, method: AppMethod, body: string): string => {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/${APP_PATHS[method]}`;
  u.searchParams.set('content_sha256', createHash('sha256').update(body, 'utf8').digest('hex'));
  return u.toString();
};

/**
 * Calls the app's `method` with `body` (JSON), signed with the account's secret (and with the app's bearer
 * token when it has one), within the app's timeout, through the outbound URL policy of callbacks
 * (server/callbacks/callback-url-policy.ts).
 * Answers what `schema` reads from a 200. A refusal by the policy or a connection that never completed
 * is `providerNotReached` (nothing was sent); once the request was sent, a timeout, a cut connection,
 * any other status, and an answer that is not JSON or not the schema are `ProviderOutcomeUnknown`.
 */
export const callPaymentApp = async <S extends z.ZodType>(
  opts: AppCallOptions,
  target: AppTarget,
  method: AppMethod,
  body: Record<string, unknown>,
  schema: S,
): Promise<z.output<S>> => {
  const json = JSON.stringify(body);
  const url = appRequestUrl(target.url, method, json);
  const allowed = deliveryTarget(url, {
    allowPrivate: privateCallbacksAllowed(opts.env, target.accountId),
    lookup: opts.lookup,
  });
  if (!allowed.ok) throw appUnavailable(`${method}: refused: ${allowed.reason}`);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Kassa-PaymentApp/1.0',
    'kassa-signature': signatureHeader(target.secret, Math.floor(Date.now() / 1000), target.accountId, 'POST', url),
    ...(target.authToken ? { authorization: `Bearer ${target.authToken}` } : {}),
  };
  let answer: { status: number; text: string };
  try {
    answer = await postPinned(url, headers, json, {
      lookup: allowed.lookup,
      timeoutMs: target.timeoutMs,
      maxAnswerBytes: MAX_ANSWER_BYTES,
    });
  } catch (e) {
    const detail = `${method}: ${(e as Error).message}`;
    throw e instanceof PostFailed && !e.sent ? appUnavailable(detail) : noAnswer(detail);
  }
  if (answer.status !== 200) throw noAnswer(`${method}: status ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw noAnswer(`${method}: not JSON`);
  }
  const read = schema.safeParse(parsed);
  if (!read.success)
    throw noAnswer(`${method}: ${read.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return read.data;
};
