import type { RouteDef } from '../route';

/** Issue 11: the account API's order operations, under /v1/accounts/{aid}/... */
export const orderRoutes: RouteDef[] = [];
