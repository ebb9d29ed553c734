import type { AppContext, IdempotencyScope, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  IN_PROGRESS_LEASE_SECONDS,
  releaseIdempotencyKey,
  requestHash,
  type IdempotentRequest,
} from '../idempotency/idempotency-store';
import { settleLater } from '../idempotency/unsettled-claims';
import type { HttpRequest } from './dispatch';
import { errorResult } from './error-response';
import type { RouteDef, RouteResult } from './route';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** 1-255 printable ASCII characters (the OpenAPI document states the same pattern). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/**
 * A final answer is stored and replayed. 5xx (our or the provider's failure) and 409 (a
 * concurrent operation; the client should retry) are not: the claim is released so a retry runs.
 */
const isFinal = (status: number): boolean => status < 500 && status !== 409;

/**
 * Runs `run` under the request's `Idempotency-Key` when the route is idempotent (ADR 006): the
 * first request with a key runs and its final response is stored; later requests with the same
 * key and request get that response again, with `idempotent-replayed: true`. The claimed key
 * goes to the use case in `meta.idempotency`, whose transaction records the change it made
 * (oncePerKey), so a retry after a crash between that commit and the stored answer answers from
 * the recorded resource instead of changing anything twice.
 */
export const withIdempotency = async (
  ctx: AppContext,
  route: RouteDef,
  actor: Actor | undefined,
  req: HttpRequest,
  run: (idempotency?: RequestMeta['idempotency']) => Promise<RouteResult>,
  log: (err: unknown) => void,
): Promise<RouteResult> => {
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (!route.idempotent || key === undefined) return run();
  if (req.repeatedHeaders?.includes(IDEMPOTENCY_HEADER)) {
    throw new AppError('INVALID_REQUEST', 'Send one Idempotency-Key header, not several', {
      errors: [{ path: `headers.${IDEMPOTENCY_HEADER}`, message: 'Expected one header', code: 'invalid_format' }],
    });
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('INVALID_REQUEST', 'Idempotency-Key must be 1 to 255 printable ASCII characters', {
      errors: [
        {
          path: `headers.${IDEMPOTENCY_HEADER}`,
          message: 'Expected 1 to 255 printable ASCII characters',
          code: 'invalid_format',
        },
      ],
    });
  }
  if (!actor) throw new Error(`${route.operationId} is idempotent but not authenticated: keys are scoped per account`);

  const path = req.path.replace(/\/+$/, '');
  const idem: IdempotentRequest = {
    accountId: actor.accountId,
    key,
    method: req.method,
    path,
    requestHash: requestHash(req.method, path, req.query, req.body),
  };
  const claim = await claimIdempotencyKey(ctx.database, idem);
  if (claim.kind === 'replay') {
    const { status, body, headers } = claim.response;
    return { status, body, headers: { ...headers, [REPLAYED_HEADER]: 'true' } };
  }

  const settle = async (result: RouteResult | undefined): Promise<void> => {
    const write =
      result && isFinal(result.status)
        ? () =>
            completeIdempotencyKey(ctx.database, idem, claim.claimedAt, {
              status: result.status,
              body: result.replayBody ?? (result.json !== undefined ? JSON.parse(result.json) : result.body),
              headers: result.headers ?? {},
            })
        : () => releaseIdempotencyKey(ctx.database, idem, claim.claimedAt);
    try {
      await write();
    } catch (err) {
      // The request itself is done; its answer goes out. If the database is away, the write is
      // retried once it is back (unsettled-claims.ts); otherwise the claim waits for its lease to end.
      log({ idempotencyKey: key, err });
      if (isDatabaseUnavailable(err))
        settleLater(ctx.database, idem, claim.claimedAt, Date.now() + IN_PROGRESS_LEASE_SECONDS * 1000, write);
    }
  };

  const scope: IdempotencyScope = { accountId: actor.accountId, key, replayed: false };
  let result: RouteResult;
  try {
    // The use case records what it changes on this key's row, in the transaction of the change.
    result = await run(scope);
  } catch (e) {
    const mapped = e instanceof AppError ? errorResult(e, () => undefined) : undefined;
    await settle(mapped);
    throw e;
  }
  await settle(result);
  // Answered from the change an earlier request with this key committed (a take-over): a replay too.
  return scope.replayed ? { ...result, headers: { ...result.headers, [REPLAYED_HEADER]: 'true' } } : result;
};
