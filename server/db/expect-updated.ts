import { AppError } from '../errors/app-error';

/**
 * Every versioned write (`... set({ version: v + 1 }).where('version', '=', v)`) goes through this:
 * an update that changed no row lost a race (another request or the stale-payment recovery wrote
 * first), and carrying on would build on a state that no longer exists. Throwing rolls back the
 * whole database transaction; the caller sees 409 `CONFLICT` (retry) unless it handles the race.
 */
export const expectUpdated = <R extends { numUpdatedRows: bigint }>(result: R | undefined, what: string): R => {
  expectChanged(result ? Number(result.numUpdatedRows) : 0, what);
  return result!;
};

/** `expectUpdated` for a count of changed rows (`updateRows`). */
export const expectChanged = (changed: number, what: string): void => {
  if (changed === 0) throw new AppError('CONFLICT', `${what} changed while this request ran; retry it`);
};
