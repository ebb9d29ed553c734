import type { RouteDef } from '../route';

/** Issue 10: the account API's terminal operations, under /v1/accounts/{aid}/... */
export const terminalRoutes: RouteDef[] = [];
