import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { expiresAt, readDraft } from './order-repository';
import type { CreateDraftInput, DraftView } from './order-schemas';

/**
 * Creates a draft order (items optional; add them with POST /draft_orders/{id}/items). A given
 * order_id is reserved at completion, when it must still be free.
 */
export const createDraftOrder = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateDraftInput,
  meta: RequestMeta,
): Promise<DraftView> => {
  const { order_id: orderId, ...data } = input;
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const draftId = uuid();
      const now = nowIso();
      await trx
        .insertInto('shopping_orders')
        .values({
          id: draftId,
          account_id: actor.accountId,
          order_id: null,
          order_number: null,
          status: 'open',
          data: toJson({ ...data, ...(orderId ? { order_id: orderId } : {}) }),
          events: '[]',
          version: 1,
          created_at: now,
          created_by: actor.subject,
          updated_at: now,
          expires_at: expiresAt(now, data.time_to_live),
          emptied_at: null,
        })
        .execute();
      return draftId;
    }),
  );
  const row = await ctx.database.db.selectFrom('shopping_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.order_id !== null)
    throw new AppError('DRAFT_ORDER_NOT_FOUND', `Draft order ${id} was already completed`);
  return readDraft(row);
};
