import { loadEnv } from '../config/env';
import { createKassa, type Kassa } from '../create-kassa';

const KEY = Symbol.for('kassa.instance');
type Holder = { [KEY]?: Promise<Kassa> };

/**
 * One Kassa per process for Next route handlers. bin/kassa.ts registers its own instance here
 * before Next prepares, so every handler in that process shares it (one database, one set of
 * pollers). Without a registered instance (e.g. `next start` alone) one is created on first use,
 * so `next build` never opens a database.
 */
export const getKassa = (): Promise<Kassa> => {
  const holder = globalThis as Holder;
  holder[KEY] ??= createKassa(loadEnv());
  return holder[KEY];
};

/** Makes `kassa` the process-wide instance; call before Next loads any route handler. */
export const registerKassa = (kassa: Kassa): void => {
  (globalThis as Holder)[KEY] = Promise.resolve(kassa);
};
