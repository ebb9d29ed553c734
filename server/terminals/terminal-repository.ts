import type { Selectable } from 'kysely';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import type { TerminalView } from './terminal-schemas';
import type { TerminalsTable } from './terminals-tables';

export type TerminalRow = Selectable<TerminalsTable>;

/** The select of one terminal of the account by terminal_id (callers may add forUpdate). */
export const terminalQuery = (exec: Executor, accountId: string, terminalId: string) =>
  exec.selectFrom('terminals').selectAll().where('account_id', '=', accountId).where('terminal_id', '=', terminalId);

export const existingTerminal = (row: TerminalRow | undefined, terminalId: string): TerminalRow => {
  if (!row) throw new AppError('TERMINAL_NOT_FOUND', `Terminal ${terminalId} was not found`);
  return row;
};

export const loadTerminal = async (exec: Executor, accountId: string, terminalId: string): Promise<TerminalRow> =>
  existingTerminal(await terminalQuery(exec, accountId, terminalId).executeTakeFirst(), terminalId);

/** The terminal mapper; `store` is added when the caller asked for it (includes=store). */
export const readTerminal = (row: TerminalRow, store?: { id: string; store_name: string }): TerminalView => ({
  id: row.id,
  terminal_id: row.terminal_id,
  device_serial_number: row.device_serial_number,
  device_model: row.device_model,
  store_id: row.store_id,
  status: row.status,
  ...(row.status_reason === null ? {} : { status_reason: row.status_reason }),
  created_at: row.created_at,
  created_by: row.created_by,
  updated_at: row.updated_at,
  ...(row.deleted_at === null ? {} : { deleted_at: row.deleted_at }),
  ...(row.deleted_by === null ? {} : { deleted_by: row.deleted_by }),
  ...(store ? { store } : {}),
});
