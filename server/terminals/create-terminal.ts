import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { nextAccountSeq, sequencedId } from './account-sequence';
import { deviceModelOf } from './device-models';
import { loadStore } from './store-repository';
import { loadTerminal, readTerminal } from './terminal-repository';
import type { TerminalInput, TerminalView } from './terminal-schemas';
import type { DeviceModelColumn } from './terminals-tables';

/**
 * Registers a terminal in one of the account's stores. Rules, in the order they are checked:
 * the serial number's prefix names a known model (device-models.ts, else 400 UNKNOWN_DEVICE_MODEL);
 * the store exists (404 STORE_NOT_FOUND) and has a payout destination (400
 * STORE_HAS_NO_PAYOUT_DESTINATION); no live terminal of the account has the serial number,
 * compared without regard to case (409 TERMINAL_ALREADY_EXISTS; a deleted terminal's serial number
 * may be registered again). The terminal_id is `<aid>-T` and the account's next terminal number,
 * taken in the inserting transaction, so concurrent creations never share one.
 *
 * A new terminal is ACTIVE without a status_reason: Kassa provisions nothing on the device, so
 * nothing would ever move it out of PENDING or ACTION_REQUIRED (CHECK_UPDATE). Those statuses,
 * INACTIVE and ERROR are in the schema for a provisioning integration; DELETE sets DELETED.
 */
export const createTerminal = async (
  ctx: AppContext,
  actor: Actor,
  input: TerminalInput,
  meta: RequestMeta,
): Promise<TerminalView> => {
  const deviceModel = deviceModelOf(input.device_serial_number);
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertTerminal(trx, actor, input, deviceModel)),
  );
  return readTerminal(await loadTerminal(ctx.database.db, actor.accountId, id));
};

const insertTerminal = async (
  trx: Executor,
  actor: Actor,
  input: TerminalInput,
  deviceModel: DeviceModelColumn,
): Promise<string> => {
  const store = await loadStore(trx, actor.accountId, input.store_id, 'store_id');
  if (store.payout_destination_id === null) {
    throw new AppError(
      'STORE_HAS_NO_PAYOUT_DESTINATION',
      `Store ${store.store_id} has no payout destination; terminals can only be registered in a store that has one`,
      {
        errors: [{ path: 'store_id', message: 'the store has no payout destination' }],
      },
    );
  }
  const seq = await nextAccountSeq(trx, actor.accountId, 'terminals');
  const terminalId = sequencedId(actor.accountId, 'T', seq);
  const serialKey = input.device_serial_number.toUpperCase();
  const now = nowIso();
  const inserted = await trx
    .insertInto('terminals')
    .values({
      id: uuid(),
      account_id: actor.accountId,
      seq,
      terminal_id: terminalId,
      device_serial_number: input.device_serial_number,
      live_serial_key: serialKey,
      device_model: deviceModel,
      store_id: store.store_id,
      status: 'ACTIVE',
      status_reason: null,
      created_at: now,
      created_by: actor.subject,
      updated_at: now,
      deleted_at: null,
      deleted_by: null,
    })
    .onConflict((oc) => oc.columns(['account_id', 'live_serial_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const live = await trx
      .selectFrom('terminals')
      .select('terminal_id')
      .where('account_id', '=', actor.accountId)
      .where('live_serial_key', '=', serialKey)
      .executeTakeFirst();
    const which = live ? ` (${live.terminal_id})` : '';
    throw new AppError(
      'TERMINAL_ALREADY_EXISTS',
      `A live terminal of this account${which} already has device_serial_number ${input.device_serial_number}; delete it before registering the device again`,
      {
        errors: [{ path: 'device_serial_number', message: 'already registered on a terminal of this account' }],
      },
    );
  }
  return terminalId;
};
