import { beforeAll, describe, expect, it } from 'vitest';
import { useKassa } from '../fixtures';
import { operationsOf } from './groups';
import type { FuzzWorld } from './inputs';
import { FUZZ_RUNS, FUZZ_SEED, fuzzOperation, installWriteCounter, OPERATION_BUDGET_MS } from './run-fuzz';
import type { WriteCounter } from './write-counter';
import { buildWorld } from './world';

/**
 * The fuzz of one group of operations (groups.ts) against its own server: background workers off
 * (KASSA_CALLBACK_WORKER=false), so only the fuzzed requests write. One test per operation.
 */
export const fuzzGroup = (group: string): void => {
  const kassa = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });
  const operations = operationsOf(group);
  const fuzzed = new Map<string, number>();
  let world: FuzzWorld;
  let counter: WriteCounter;

  beforeAll(async () => {
    world = await buildWorld(kassa.api);
    counter = await installWriteCounter(kassa.db(), kassa.srv.kassa.ctx.database.engine);
  });

  describe(`fuzz ${group} (FUZZ_SEED=${FUZZ_SEED}, ${FUZZ_RUNS} inputs each)`, () => {
    it.each(operations.map((r) => [`${r.method} ${r.path} (${r.operationId})`, r] as const))(
      '%s: every answer is a success or a 4xx in the error shape, none hangs, no refusal changes the stored state',
      async (_, route) => {
        const report = await fuzzOperation(route, { srv: kassa.srv, db: kassa.db, world }, counter);
        fuzzed.set(route.operationId, report.inputs);
        expect(report.failures.slice(0, 20), `${report.failures.length} failures of ${report.inputs} inputs`).toEqual(
          [],
        );
      },
      OPERATION_BUDGET_MS + 15_000,
    );

    it(`every ${group} operation of the route table got ${FUZZ_RUNS} inputs`, () => {
      expect(Object.fromEntries(fuzzed)).toEqual(Object.fromEntries(operations.map((r) => [r.operationId, FUZZ_RUNS])));
    });
  });
};
