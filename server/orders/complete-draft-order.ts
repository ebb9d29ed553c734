import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { expectUpdated } from '../db/expect-updated';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { parseJson, toJson } from '../shared/json-columns';
import { apiEvent, expiresAt, loadDraft, loadOrder, readOrderWithMoney, shoppingPath } from './order-repository';
import type { CreateDraftInput, OrderView } from './order-schemas';

/** The account's next order number (1, 2, ...), in the caller's transaction (the upsert locks the counter on PostgreSQL). */
const nextOrderNumber = async (trx: Executor, accountId: string): Promise<string> => {
  const row = await trx
    .insertInto('shopping_order_numbers')
    .values({ account_id: accountId, value: 1 })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet((eb) => ({ value: eb('shopping_order_numbers.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return String(row.value);
};

const orderIdTaken = () =>
  new AppError('ORDER_ALREADY_EXISTS', 'An order with this order_id already exists', {
    errors: [{ path: 'order_id', message: 'already exists' }],
  });

/** A completion that lost a race on the unique order_id is the same 409 as one the check caught. */
const orderIdTakenAs409 = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw orderIdTaken();
    throw e;
  }
};

/**
 * Completes a draft: it becomes an order (same id) with its order_id (the draft's, or the id),
 * a new order_number, status open, version 1 and one api event carrying the draft_id. A draft
 * needs at least one item; an order_id another order has is refused (409).
 */
export const completeDraftOrder = async (
  ctx: AppContext,
  actor: Actor,
  draftId: string,
  body: unknown,
): Promise<{ orders: OrderView[] }> => {
  const orderId = await orderIdTakenAs409(() =>
    inTransaction(ctx.database, async (trx) => {
      const row = await loadDraft(trx, actor.accountId, draftId, ctx.database);
      const { order_id: requested, ...data } = parseJson<CreateDraftInput>(row.data);
      if (!data.items?.length)
        throw new AppError('DRAFT_ORDER_EMPTY', 'A draft needs at least 1 item to be completed', {
          errors: [{ path: 'items', message: 'must have at least 1 item' }],
        });
      const id = requested ?? row.id;
      const taken = await trx
        .selectFrom('shopping_orders')
        .select('id')
        .where('account_id', '=', actor.accountId)
        .where('order_id', '=', id)
        .executeTakeFirst();
      if (taken) throw orderIdTaken();
      const now = nowIso();
      const event = apiEvent(
        actor,
        now,
        1,
        { path: shoppingPath(actor.accountId, `draft_orders/${draftId}/complete`), method: 'PUT', body },
        { draft_id: row.id },
      );
      expectUpdated(
        await trx
          .updateTable('shopping_orders')
          .set({
            order_id: id,
            order_number: await nextOrderNumber(trx, actor.accountId),
            data: toJson(data),
            events: toJson([event]),
            version: 1,
            updated_at: now,
            expires_at: expiresAt(now, data.time_to_live),
          })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .where('order_id', 'is', null)
          .executeTakeFirst(),
        'The draft order',
      );
      return id;
    }),
  );
  return {
    orders: [await readOrderWithMoney(ctx.database.db, await loadOrder(ctx.database.db, actor.accountId, orderId))],
  };
};
