import { loadEnv } from '../config/env';
import { createKassa, type Kassa } from '../create-kassa';

const KEY = Symbol.for('kassa.instance');
type Holder = { [KEY]?: Promise<Kassa> };

/**
 * One Kassa per process for Next route handlers. bin/kassa.ts registers its own instance here
 * before Next prepares, so every handler in that process shares it (one database, one set of
 * pollers). Without a registered instance (e.g. `next start` alone) one is created on first use.
 * `next build` never opens a database: a page rendered at build time that asked for one would create the data
 * directory and the demo merchant with a secret nobody sees (the first `npm start` could then not show it), so
 * the build fails instead, naming the fix.
 */
export const getKassa = (): Promise<Kassa> => {
  if (process.env.NEXT_PHASE === 'phase-production-build')
    throw new Error(
      "next build must not open Kassa's database: make the page dynamic (export const dynamic = 'force-dynamic')",
    );
  const holder = globalThis as Holder;
  holder[KEY] ??= createKassa(loadEnv());
  return holder[KEY];
};

/** Makes `kassa` the process-wide instance; call before Next loads any route handler. */
export const registerKassa = (kassa: Kassa): void => {
  (globalThis as Holder)[KEY] = Promise.resolve(kassa);
};
