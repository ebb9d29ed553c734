import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { parseJson, toJson } from '../shared/json-columns';
import type { OrderData } from './order-schemas';

/** Rows handled per round; the poller runs again at once while a round changed something. */
export const EXPIRE_BATCH = 100;

/**
 * time_to_live (spec "Order"): orders whose `time_to_live_expires_at` has passed are emptied, all
 * but id, order_id, order_number, external_ids, status and the timestamps (version + 1, events
 * cleared, `emptied_at` set); expired drafts are deleted. Safe with several processes: each change
 * is one conditional statement (still expired, not yet emptied, same version), so a row another
 * process emptied, or a request updated meanwhile, is left alone: nothing is emptied twice and
 * nothing renewed is lost. Returns how many rows it changed.
 */
export const expireOrders = async (ctx: AppContext, now = new Date()): Promise<number> => {
  const { database } = ctx;
  const at = now.toISOString();
  const due = await database.db
    .selectFrom('shopping_orders')
    .select(['id', 'order_id', 'version', 'data'])
    .where('expires_at', '<=', at)
    .where('emptied_at', 'is', null)
    .limit(EXPIRE_BATCH)
    .execute();
  if (due.length === 0) return 0;
  return inTransaction(database, async (trx) => {
    let changed = 0;
    for (const row of due) {
      if (row.order_id === null) {
        const r = await trx
          .deleteFrom('shopping_orders')
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .where('order_id', 'is', null)
          .where('expires_at', '<=', at)
          .executeTakeFirst();
        changed += Number(r.numDeletedRows);
        continue;
      }
      const { external_ids: externalIds } = parseJson<OrderData>(row.data);
      const emptied = {
        data: toJson(externalIds ? { external_ids: externalIds } : {}),
        events: '[]',
        version: row.version + 1,
        expires_at: null,
        emptied_at: at,
      };
      changed += Number(
        (
          await trx
            .updateTable('shopping_orders')
            .set(emptied)
            .where('id', '=', row.id)
            .where('version', '=', row.version)
            .where('expires_at', '<=', at)
            .where('emptied_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      );
    }
    return changed;
  });
};
