import type { RouteDef } from '../route';

/** Issue 11: the account API's discount operations, under /v1/accounts/{aid}/... */
export const discountRoutes: RouteDef[] = [];
