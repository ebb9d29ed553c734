import type { Executor } from '../db/database';
import { expectUpdated } from '../db/expect-updated';
import type { OrderRow } from './order-repository';

/**
 * Writes `next` over the order as it was read (`current`, at its version); a write in between is a 409 CONFLICT
 * naming `what` was written.
 */
export const saveOrder = async (
  trx: Executor,
  current: Pick<OrderRow, 'id' | 'version'>,
  next: Partial<OrderRow>,
  what = 'The order',
): Promise<void> => {
  expectUpdated(
    await trx
      .updateTable('shopping_orders')
      .set(next)
      .where('id', '=', current.id)
      .where('version', '=', current.version)
      .executeTakeFirst(),
    what,
  );
};
