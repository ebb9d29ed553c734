import { measureHttp } from './load';
import type { Measurement } from './measurement';
import { seedSessions, type SeedTarget } from './seed';

export interface ListResults {
  small: number;
  large: number;
  seedSeconds: number;
  /** [endpoint, at small, at large] */
  pairs: [string, Measurement, Measurement][];
}

/**
 * List endpoints at `small` and then `large` stored sessions (and as many transactions) in the
 * bench's account: the first page, newest first, as a merchant's dashboard asks for it.
 */
export const measureLists = async (
  kassa: { base: string; token: string; pid: number },
  target: SeedTarget,
  template: { sessionId: string; transactionId: string },
  sizes: { small: number; large: number },
  seconds: number,
  warmup: number,
  step: (s: string) => void,
): Promise<ListResults> => {
  const headers = { authorization: `Bearer ${kassa.token}` };
  const endpoints = [
    ['GET /v1/sessions?limit=10', `${kassa.base}/v1/sessions?limit=10`],
    ['GET /v1/transactions?limit=10', `${kassa.base}/v1/transactions?limit=10`],
  ] as const;
  const measureAll = async (label: string) => {
    const out: Measurement[] = [];
    for (const [name, url] of endpoints)
      out.push(await measureHttp({ name: `${name} at ${label}`, url, headers, serverPid: kassa.pid }, seconds, warmup));
    return out;
  };
  step(`seeding ${sizes.small.toLocaleString('en')} sessions and transactions directly in the database`);
  let seedSeconds = await seedSessions(target, template, 1, sizes.small);
  const small = await measureAll(`${sizes.small / 1000}k`);
  step(`seeding up to ${sizes.large.toLocaleString('en')} sessions and transactions`);
  seedSeconds += await seedSessions(target, template, sizes.small + 1, sizes.large);
  step(`seeded in ${seedSeconds.toFixed(0)} s`);
  const large = await measureAll(sizes.large >= 1e6 ? `${sizes.large / 1e6}M` : `${sizes.large / 1000}k`);
  return {
    small: sizes.small,
    large: sizes.large,
    seedSeconds,
    pairs: endpoints.map(([name], i) => [name, small[i]!, large[i]!]),
  };
};
