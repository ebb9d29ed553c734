import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { expectUpdated } from '../db/expect-updated';
import { forUpdate, inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { existingTerminal, loadTerminal, readTerminal, terminalQuery } from './terminal-repository';
import type { TerminalView } from './terminal-schemas';

/**
 * Soft delete: the terminal becomes DELETED with deleted_at/deleted_by, still reads, leaves the
 * lists (unless include_deleted=true) and frees its serial number for a new registration.
 * Deleting a deleted terminal changes nothing and answers it as it is, so a retry is safe.
 */
export const deleteTerminal = async (ctx: AppContext, actor: Actor, terminalId: string): Promise<TerminalView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = existingTerminal(
      await forUpdate(ctx.database, terminalQuery(trx, actor.accountId, terminalId)).executeTakeFirst(),
      terminalId,
    );
    if (row.status === 'DELETED') return readTerminal(row);
    const now = nowIso();
    expectUpdated(
      await trx
        .updateTable('terminals')
        .set({
          status: 'DELETED',
          status_reason: null,
          live_serial_key: null,
          deleted_at: now,
          deleted_by: actor.subject,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('status', '!=', 'DELETED')
        .executeTakeFirst(),
      `Terminal ${terminalId}`,
    );
    return readTerminal(await loadTerminal(trx, actor.accountId, terminalId));
  });
