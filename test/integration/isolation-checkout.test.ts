import { describeMatrixPart } from '../support/isolation/suite';

/**
 * The isolation matrix (ADR 025), part 1: every authenticated operation outside /v1/accounts/{aid}
 * (sessions, transactions, admin, card tokens) with another account's token and API key, a token
 * of A without the scope, an expired token, `alg: none`, a token of another key and a deleted API key of A.
 */
describeMatrixPart({
  title: 'operations outside /v1/accounts/{aid}',
  covers: (r) => !r.path.includes('{aid}'),
  moreRoutesThan: 20,
  requestsPerRoute: 7,
});
