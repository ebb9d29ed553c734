import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../server/http/route';
import { routesFor } from '../../../server/http/route-table';
import { useKassa } from '../fixtures';
import { ISOLATION_ENV } from './credentials';
import { listRoutes, prepareMatrix, runMatrix, runQueryProbes, type Matrix } from './matrix';
import { authenticatedRoutes } from './route-examples';

/** Accounts A and B with A's resources (prepareMatrix), once per file; `m` from beforeAll on. */
export const useIsolationMatrix = () => {
  const k = useKassa({ other: true, merchant: true, env: ISOLATION_ENV });
  let m: Matrix | undefined;
  beforeAll(async () => {
    m = await prepareMatrix(k);
  });
  afterAll(() => m?.close());
  return {
    k,
    get m(): Matrix {
      if (!m) throw new Error('the isolation matrix is prepared in beforeAll');
      return m;
    },
  };
};

export interface MatrixPart {
  title: string;
  /** Which authenticated operations this part covers. */
  covers: (route: RouteDef) => boolean;
  /** At least this many operations (a filter that lost them all would prove nothing). */
  moreRoutesThan: number;
  /** The requests runMatrix sends per operation (one per credential it tries). */
  requestsPerRoute: number;
}

/** One part of the isolation matrix (ADR 025): the credential matrix and the list query probes over the operations `covers` picks. */
export const describeMatrixPart = ({ title, covers, moreRoutesThan, requestsPerRoute }: MatrixPart) => {
  const iso = useIsolationMatrix();
  const routes = () => authenticatedRoutes(routesFor(iso.k.srv.kassa.ctx.env)).filter(covers);

  describe(`isolation matrix: ${title}`, () => {
    it('answers 401/403/404 (2xx only in the caller’s own account), shows nothing of A and changes nothing of A', async () => {
      const covered = routes();
      expect(covered.length).toBeGreaterThan(moreRoutesThan);
      const { failures, requests } = await runMatrix(iso.k, iso.m, covered);
      expect(failures).toEqual([]);
      expect(requests).toBe(covered.length * requestsPerRoute);
    });

    it("B paging and filtering its own lists by A's ids or names gets the answer for a value naming nothing", async () => {
      const covered = routes();
      expect(listRoutes(covered).length).toBeGreaterThan(5);
      const { failures } = await runQueryProbes(iso.k, iso.m, covered);
      expect(failures).toEqual([]);
    });
  });
};
