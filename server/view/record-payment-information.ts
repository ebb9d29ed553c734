import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { appendSessionEvent, sessionEventBytes } from '../sessions/session-events';
import { assertViewWriteAllowed, recordViewWrite } from './limit-view-writes';
import { lockOpenSession } from './write-view-session';
import type { PaymentInformationBody } from './view-schemas';

/**
 * The page reports the payment information the customer gave (ADD_PAYMENT_INFORMATION); the order is
 * not changed. A customer write like the others: counted for the session's write limits (429).
 */
export const recordPaymentInformation = async (
  ctx: AppContext,
  sessionId: string,
  input: z.infer<typeof PaymentInformationBody>,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<void> =>
  inTransaction(ctx.database, async (trx) => {
    const session = await lockOpenSession(trx, ctx, sessionId, ifUnmodifiedSince);
    const details = { ...input };
    const bytes = sessionEventBytes(details, meta);
    await assertViewWriteAllowed(trx, ctx.env, session.id, bytes);
    await appendSessionEvent(trx, session.id, 'ADD_PAYMENT_INFORMATION', { meta, details });
    await recordViewWrite(trx, session.id, bytes);
  });
