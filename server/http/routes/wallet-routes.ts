import type { RouteDef } from '../route';

/** Issue 10: the account API's wallet operations, under /v1/accounts/{aid}/... */
export const walletRoutes: RouteDef[] = [];
