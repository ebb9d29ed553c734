import { randomInt } from 'node:crypto';
import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { appendSessionEvent } from '../sessions/session-events';
import { assertConfirmationCodesLeft } from './limit-confirmation-codes';
import { lockOpenSession } from './write-view-session';

const masked = (phone: string) => `${phone.slice(0, 3)}•••${phone.slice(-2)}`;

/**
 * Sends the payer a secret confirmation code by SMS (into the SMS sink, `sms_outbox`), to the phone
 * number of the shipping address or the customer. `resent` is true when a code was sent before (202).
 * At most KASSA_SCC_PER_SESSION codes per session an hour (429 with Retry-After after that).
 */
export const publishConfirmationCode = async (
  ctx: AppContext,
  sessionId: string,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<{ resent: boolean }> =>
  inTransaction(ctx.database, async (trx) => {
    const session = await lockOpenSession(trx, ctx, sessionId, ifUnmodifiedSince);
    const phone = session.order.shipping_address?.phone_number ?? session.customer?.phone_number;
    if (!phone)
      throw new AppError('PHONE_NUMBER_REQUIRED', 'Enter a phone number first: the code is sent by SMS', {
        errors: [{ path: 'shipping_address.phone_number', message: 'required' }],
      });
    await assertConfirmationCodesLeft(trx, ctx.env, session);
    const before = await trx
      .selectFrom('sms_outbox')
      .select('id')
      .where('session_id', '=', session.id)
      .limit(1)
      .executeTakeFirst();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await trx
      .insertInto('sms_outbox')
      .values({
        id: uuid(),
        account_id: session.account_id,
        session_id: session.id,
        phone_number: phone,
        message: `Your confirmation code is ${code}`,
        created_at: nowIso(),
      })
      .execute();
    await appendSessionEvent(trx, session.id, 'SECRET_CONFIRMATION_CODE_SENT', {
      meta,
      details: { phone_number: masked(phone), resent: before !== undefined },
    });
    return { resent: before !== undefined };
  });
