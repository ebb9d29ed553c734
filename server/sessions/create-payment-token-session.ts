import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { createSession, type CreatedSession } from './create-session';
import type { CreatePaymentTokenSessionInput } from './session-schemas';

/**
 * A session whose page saves the customer's card instead of charging it. The resulting transaction
 * carries the payment token (and a recurrence token when asked for), readable only through
 * GET /v1/transactions/{id}?includes=card.payment_token.
 */
export const createPaymentTokenSession = (
  ctx: AppContext,
  actor: Actor,
  input: CreatePaymentTokenSessionInput,
  meta: RequestMeta,
  opts: { includeSession?: boolean } = {},
): Promise<CreatedSession> =>
  createSession(
    ctx,
    actor,
    { ...input.session, kind: 'PAYMENT_TOKEN', tokenProvider: input.token_provider },
    meta,
    opts,
  );
