import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { parseJson, toJson } from '../shared/json-columns';
import { apiEvent, expiresAt, loadOrder, orderNotFound, readOrderWithMoney, shoppingPath } from './order-repository';
import { saveOrder } from './save-order';
import {
  IF_MATCH_VERSION,
  type EventFilter,
  type OrderData,
  type OrderEvent,
  type OrderView,
  type UpdateOrderInput,
} from './order-schemas';

/** `If-Match: 3`, `"3"` or `W/"3"` give 3; anything else is a 400. */
const parseIfMatch = (header: string | undefined): number | undefined => {
  if (header === undefined) return undefined;
  const m = IF_MATCH_VERSION.exec(header);
  if (!m)
    throw new AppError('INVALID_REQUEST', 'If-Match must be the order version, e.g. If-Match: 3', {
      errors: [{ path: 'If-Match', message: 'must be an integer version' }],
    });
  return Number(m[1]);
};

const versionConflict = (stored: number, expected: number) =>
  new AppError(
    'ORDER_VERSION_CONFLICT',
    `The order is at version ${stored}, not ${expected}: read it again and retry`,
    { errors: [{ path: 'version', message: `stored version is ${stored}` }] },
  );

/**
 * Updates an order's updatable fields (those given replace the stored ones); version + 1 and one
 * api event with the request. A version from If-Match or the body that differs from the stored
 * one refuses the update (409 ORDER_VERSION_CONFLICT) and changes nothing.
 */
export const updateOrder = async (
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  input: UpdateOrderInput,
  ifMatch: string | undefined,
  include?: EventFilter[],
): Promise<OrderView> => {
  const expected = [parseIfMatch(ifMatch), input.version].filter((v): v is number => v !== undefined);
  const { version: _version, ...fields } = input;
  const row = await inTransaction(ctx.database, async (trx) => {
    const current = await loadOrder(trx, actor.accountId, orderId, ctx.database);
    if (current.emptied_at) throw orderNotFound(orderId);
    for (const v of expected) if (v !== current.version) throw versionConflict(current.version, v);
    const version = current.version + 1;
    const now = nowIso();
    const data: OrderData = { ...parseJson<OrderData>(current.data), ...fields };
    const events = [
      ...parseJson<OrderEvent[]>(current.events),
      apiEvent(actor, now, version, {
        path: shoppingPath(actor.accountId, `orders/${orderId}`),
        method: 'PUT',
        body: input,
      }),
    ];
    const next = {
      data: toJson(data),
      events: toJson(events),
      version,
      updated_at: now,
      expires_at: expiresAt(now, data.time_to_live),
    };
    await saveOrder(trx, current, next);
    return { ...current, ...next };
  });
  return readOrderWithMoney(ctx.database.db, row, include);
};
