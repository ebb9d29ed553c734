import { ConsoleApiError } from '../console-api';
import { newIdempotencyKey } from './idempotency-key';

/**
 * One `Idempotency-Key` per intended money action (issue 38 item 8, ADR 006): the same operation on the
 * same transaction with the same body keeps its key across retries (an answer lost on the way, a 5xx,
 * a 409 while the first is still running, a reload of the tab), so the server answers the first
 * request's result instead of moving the money again. A success or a refusal ends the intention; another
 * amount or other lines are another intention with a key of its own. Kept in the tab's sessionStorage
 * where there is one, else in memory.
 */
export interface IntendedActions {
  /** The key of this intention: the one it already has, or a new one. */
  keyFor(transactionId: string, op: string, body: unknown): string;
  /** The intention is over (done, or refused in a way a retry would repeat): its next try gets a new key. */
  end(transactionId: string, op: string, body: unknown): void;
}

interface KeyStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

const memoryStore = (): KeyStore => {
  const m = new Map<string, string>();
  return {
    getItem: (n) => m.get(n) ?? null,
    setItem: (n, v) => void m.set(n, v),
    removeItem: (n) => void m.delete(n),
  };
};

const tabStore = (): KeyStore => {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // storage refused (a sandboxed frame): memory
  }
  return memoryStore();
};

const nameOf = (transactionId: string, op: string, body: unknown) =>
  `kassa.console.intent:${transactionId}:${op}:${JSON.stringify(body)}`;

export const intendedActions = (store: KeyStore = tabStore(), newKey = newIdempotencyKey): IntendedActions => ({
  keyFor(transactionId, op, body) {
    const name = nameOf(transactionId, op, body);
    const kept = store.getItem(name);
    if (kept) return kept;
    const key = newKey();
    store.setItem(name, key);
    return key;
  },
  end(transactionId, op, body) {
    store.removeItem(nameOf(transactionId, op, body));
  },
});

/**
 * Whether a failed try ends its intention: the server answered a refusal that the same request would
 * get again (and the server keeps it for the key). Not a lost answer, a 5xx, 408, 409 (still running,
 * or in conflict with a change meanwhile) or 429: those are retried with the same key.
 */
export const endsIntention = (e: unknown): boolean =>
  e instanceof ConsoleApiError && e.status >= 400 && e.status < 500 && ![408, 409, 425, 429].includes(e.status);
