import { describeMatrixPart } from '../support/isolation/suite';

/**
 * The isolation matrix (ADR 025), part 2: every authenticated operation under /v1/accounts/{aid}
 * (customers, wallets, payouts, stores, terminals, discounts, shopping), on A's path and with A's ids under B's own path, with another account's token and API key, a token
 * of A without the scope, an expired token, `alg: none`, a token of another key and a deleted API key of A.
 */
describeMatrixPart({
  title: 'operations under /v1/accounts/{aid}',
  covers: (r) => r.path.includes('{aid}'),
  moreRoutesThan: 30,
  requestsPerRoute: 8,
});
