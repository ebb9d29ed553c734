import type { RouteDef } from '../route';

/** Issue 10: the account API's customer operations, under /v1/accounts/{aid}/... */
export const customerRoutes: RouteDef[] = [];
