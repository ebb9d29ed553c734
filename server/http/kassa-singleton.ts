import { loadEnv } from '../config/env';
import { createKassa, type Kassa } from '../create-kassa';

const KEY = Symbol.for('kassa.instance');
type Holder = { [KEY]?: Promise<Kassa> };

/**
 * One Kassa per process for the Next adapter (`next dev`), created on first use so
 * that `next build` never opens a database. The production server (bin/kassa.ts)
 * builds its own and never routes /v1 through Next.
 */
export const getKassa = (): Promise<Kassa> => {
  const holder = globalThis as Holder;
  holder[KEY] ??= createKassa(loadEnv());
  return holder[KEY];
};
