import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { parseJson, toJson } from '../shared/json-columns';
import { expiresAt, loadDraft, readDraft } from './order-repository';
import { saveOrder } from './save-order';
import { MAX_ORDER_ITEMS, type DraftView, type OrderData, type OrderItemInput } from './order-schemas';

/**
 * Adds one item to a draft; its line_id must be new in the draft, which holds at most MAX_ORDER_ITEMS. The answer is the draft as this transaction
 * committed it (a completion racing right after the commit cannot turn it into a 404); a replayed
 * Idempotency-Key answers the draft as it is now, or 404 when it has been completed since, as create does.
 */
export const addDraftItem = async (
  ctx: AppContext,
  actor: Actor,
  draftId: string,
  item: OrderItemInput,
  meta: RequestMeta,
): Promise<DraftView> => {
  let committed: DraftView | undefined;
  const { id, replayed } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      committed = undefined;
      const row = await loadDraft(trx, actor.accountId, draftId, ctx.database);
      const data = parseJson<OrderData>(row.data);
      const items = data.items ?? [];
      if (items.some((i) => i.line_id === item.line_id)) {
        throw new AppError('INVALID_REQUEST', `The draft already has an item with line_id ${item.line_id}`, {
          errors: [{ path: 'line_id', message: 'already used in this draft' }],
        });
      }
      if (items.length >= MAX_ORDER_ITEMS) {
        throw new AppError('INVALID_REQUEST', `The draft already has ${MAX_ORDER_ITEMS} items, the most an order has`, {
          errors: [{ path: 'line_id', message: `the draft is full (${MAX_ORDER_ITEMS} items)` }],
        });
      }
      const next = [...items, item];
      const now = nowIso();
      const written = {
        data: toJson({ ...data, items: next }),
        version: row.version + 1,
        updated_at: now,
        expires_at: expiresAt(now, data.time_to_live),
      };
      await saveOrder(trx, row, written, 'The draft order');
      committed = readDraft({ ...row, ...written });
      return row.id;
    }),
  );
  if (!replayed && committed) return committed;
  const row = await ctx.database.db
    .selectFrom('shopping_orders')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.order_id !== null)
    throw new AppError('DRAFT_ORDER_NOT_FOUND', `Draft order ${id} was already completed`);
  return readDraft(row);
};
