import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { IdempotentRequest } from './idempotency-store';

/**
 * Claims whose request is over but whose release or stored answer could not be written because
 * the database was unreachable (ADR 022). Left alone, such a claim stays IN_PROGRESS for its whole
 * lease and every retry with the key gets 409 for ten minutes after the database is back. So the
 * write is kept here and retried (250 ms doubling to 5 s) until it lands or the lease ends; and a
 * request of this process that meets the claim writes it first (`settleIfUnsettled`), so the retry
 * that follows the outage runs at once. Another process sees the claim settled within seconds.
 */
interface Unsettled {
  readonly write: () => Promise<void>;
  /** Kept (and written again whenever a request meets the claim) until the lease ends, even once it landed. */
  readonly repeat: boolean;
  running?: Promise<boolean>;
}

const byDatabase = new WeakMap<Database, Map<string, Unsettled>>();
const MAX_WAIT_MS = 5000;

const idOf = (req: Pick<IdempotentRequest, 'accountId' | 'key'>, claimedAt: string) =>
  `${req.accountId}\n${req.key}\n${claimedAt}`;

/** Runs the entry's write once at a time; true once it landed (the entry is then forgotten). */
const attempt = (unsettled: Map<string, Unsettled>, id: string, entry: Unsettled): Promise<boolean> => {
  entry.running ??= entry
    .write()
    .then(
      () => (entry.repeat || unsettled.delete(id), true),
      (e: unknown) => {
        if (!isDatabaseUnavailable(e)) unsettled.delete(id); // not an outage: retrying will not help
        return false;
      },
    )
    .finally(() => (entry.running = undefined));
  return entry.running;
};

/**
 * Keeps `write` (the claim's release, its stored answer, or its abandonment) and retries it until
 * it lands or the lease ends (epoch ms). With `repeat`, the entry stays until the lease ends even
 * once it landed, and a request of this process that meets the claim writes it again (for a claim
 * the database may still write late: abandoned-claims.ts).
 */
export const settleLater = (
  database: Database,
  req: IdempotentRequest,
  claimedAt: string,
  leaseEnds: number,
  write: () => Promise<void>,
  repeat = false,
): void => {
  let unsettled = byDatabase.get(database);
  if (!unsettled) byDatabase.set(database, (unsettled = new Map()));
  const id = idOf(req, claimedAt);
  const entry: Unsettled = { write, repeat };
  unsettled.set(id, entry);
  const forget = () => void (unsettled.get(id) === entry && unsettled.delete(id));
  if (repeat) setTimeout(forget, Math.max(0, leaseEnds - Date.now())).unref();
  const retry = (wait: number) => {
    if (unsettled.get(id) !== entry) return; // landed, or replaced by a later claim's entry
    if (Date.now() + wait > leaseEnds) return forget(); // the claim is abandoned anyway: a retry takes it over
    setTimeout(
      () => void attempt(unsettled, id, entry).then((done) => done || retry(Math.min(wait * 2, MAX_WAIT_MS))),
      wait,
    ).unref();
  };
  retry(repeat ? 0 : 250);
};

/**
 * Called by a claim that found (account, key) IN_PROGRESS since `claimedAt`: if this process holds
 * that claim's unwritten release or answer, writes it now. True when it landed (claim again).
 */
export const settleIfUnsettled = async (
  database: Database,
  req: Pick<IdempotentRequest, 'accountId' | 'key'>,
  claimedAt: string,
): Promise<boolean> => {
  const unsettled = byDatabase.get(database);
  const id = idOf(req, claimedAt);
  const entry = unsettled?.get(id);
  if (entry === undefined || unsettled === undefined) return false;
  // A background attempt in flight may be one that started while the database was still away and
  // fails now: then one fresh attempt, since this request just reached the database.
  return (await attempt(unsettled, id, entry)) || (unsettled.get(id) === entry && attempt(unsettled, id, entry));
};
