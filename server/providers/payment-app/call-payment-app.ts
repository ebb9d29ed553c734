import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { deliveryTarget, privateCallbacksAllowed, type LookupFn } from '../../callbacks/callback-url-policy';
import type { Env } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { postPinned } from '../../shared/post-pinned';
import { signatureHeader } from '../../signature/sign-callback';
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
}

export interface AppCallOptions {
  env: Pick<Env, 'KASSA_ALLOW_PRIVATE_CALLBACKS'>;
  /** DNS lookup (tests); default dns.lookup. */
  lookup?: LookupFn;
}

/** Nothing happened at the app as far as Kassa can tell: the caller changes nothing (the port's rule). */
export const appUnavailable = (detail: string): AppError =>
  new AppError('PROVIDER_UNAVAILABLE', 'The payment provider did not answer; nothing was changed, try again', {
    cause: new Error(`payment app: ${detail}`),
  });

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
 * Calls the app's `method` with `body` (JSON), signed with the account's secret, within the app's
 * timeout, through the outbound URL policy of callbacks (server/callbacks/callback-url-policy.ts).
 * Answers what `schema` reads from a 200; a refusal by the policy, a network error, a timeout, any
 * other status, and an answer that is not JSON or not the schema are AppError('PROVIDER_UNAVAILABLE').
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
  };
  let answer: { status: number; text: string };
  try {
    answer = await postPinned(url, headers, json, {
      lookup: allowed.lookup,
      timeoutMs: target.timeoutMs,
      maxAnswerBytes: MAX_ANSWER_BYTES,
    });
  } catch (e) {
    throw appUnavailable(`${method}: ${(e as Error).message}`);
  }
  if (answer.status !== 200) throw appUnavailable(`${method}: status ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw appUnavailable(`${method}: not JSON`);
  }
  const read = schema.safeParse(parsed);
  if (!read.success)
    throw appUnavailable(`${method}: ${read.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return read.data;
};
