import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { deleteCardToken } from '../../customers/delete-card-token';
import { createCustomer } from '../../customers/create-customer';
import {
  AccountParams,
  CardTokenParams,
  CardTokenSchema,
  CustomerParams,
  CustomerSchema,
  CustomerTokenParams,
  DeleteCustomerQuery,
  ListCardTokensQuery,
  ListCustomersQuery,
  ListTokensQuery,
  type Page,
} from '../../customers/customer-schemas';
import { CreateCustomerBody, UpdateCustomerBody } from '../../customers/customer-body-schemas';
import { deleteCustomer } from '../../customers/delete-customer';
import { getCustomer } from '../../customers/get-customer';
import { getCardToken, listCardTokens } from '../../customers/list-card-tokens';
import { listCustomers } from '../../customers/list-customers';
import { listCustomerTokens } from '../../customers/list-customer-tokens';
import { updateCustomer } from '../../customers/update-customer';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok, type RouteResult } from '../route';
import { pagingHeaders } from '../../shared/paging';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

/** A list page: the items as a bare array; the next page's cursor and the total in headers. */
const pageResult = <T>(page: Page<T>): RouteResult =>
  ok(page.items, {
    ...pagingHeaders(page),
    ...(page.total !== undefined ? { 'total-count': String(page.total) } : {}),
  });
const PAGE_HEADERS = {
  paging_token:
    "Present when there are more: pass it as `starting_after` for the next page (customers: the last one's `id`; `starting_after` also takes a customer_id)",
  'total-count': 'With `total=true`: how many match the filters over all pages',
};

const USERS = '/v1/accounts/{aid}/customers/users';
const USER = `${USERS}/{customer_id}`;
const customers = { tags: ['customers'], auth: 'bearer' as const };
const one = { 200: { description: 'The customer', schema: CustomerSchema } };
const oneToken = { 200: { description: 'The stored card', schema: CardTokenSchema } };
const tokenList = {
  200: { description: 'Stored cards, oldest first', schema: z.array(CardTokenSchema), headers: PAGE_HEADERS },
};
const ERRORS = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };
const DUPLICATE = {
  409: {
    description: 'CUSTOMER_ALREADY_EXISTS: the customer_id, or the email within the type, is taken',
    schema: ErrorBody,
  },
};
const checkoutTokens = { tags: ['card tokens'], auth: 'bearer-or-api-key' as const };

export const customerRoutes = [
  defineRoute({
    ...customers,
    operationId: 'customers_users_post',
    method: 'POST',
    path: USERS,
    summary: 'Create a customer (customer_id generated when omitted)',
    description: 'Types `employee` and `other`, like every write, need `admin:customers` or `write:customers`.',
    scopes: SCOPES.customersWrite,
    params: AccountParams,
    body: CreateCustomerBody,
    idempotent: true,
    responses: { ...one, ...ERRORS, ...DUPLICATE },
    handle: async ({ ctx, actor, body, meta }) => ok(await createCustomer(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_users_get',
    method: 'GET',
    path: USERS,
    summary: 'List customers (oldest first; filters combine with AND; contacts only with type=contact or any)',
    scopes: SCOPES.customersRead,
    params: AccountParams,
    query: ListCustomersQuery,
    responses: { 200: { description: 'Customers', schema: z.array(CustomerSchema), headers: PAGE_HEADERS }, ...ERRORS },
    handle: async ({ ctx, actor, query }) => pageResult(await listCustomers(ctx, actor, query)),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_user_get',
    method: 'GET',
    path: USER,
    summary: 'Get a customer',
    scopes: SCOPES.customersRead,
    params: CustomerParams,
    responses: { ...one, ...ERRORS },
    handle: async ({ ctx, actor, params }) => ok(await getCustomer(ctx, actor, params.customer_id)),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_user_put',
    method: 'PUT',
    path: USER,
    summary:
      'Update a customer (fields left out stay unchanged; a metadata key set to null is removed, metadata null clears it)',
    scopes: SCOPES.customersWrite,
    params: CustomerParams,
    body: UpdateCustomerBody,
    responses: { ...one, ...ERRORS, ...DUPLICATE },
    handle: async ({ ctx, actor, params, body }) => ok(await updateCustomer(ctx, actor, params.customer_id, body)),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_user_delete',
    method: 'DELETE',
    path: USER,
    summary: 'Delete a customer (with delete_tokens=true also its stored cards); returns it',
    scopes: SCOPES.customersWrite,
    params: CustomerParams,
    query: DeleteCustomerQuery,
    responses: { ...one, ...ERRORS },
    handle: async ({ ctx, actor, params, query }) =>
      ok(await deleteCustomer(ctx, actor, params.customer_id, { deleteTokens: query.delete_tokens })),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_user_tokens_get',
    method: 'GET',
    path: `${USER}/tokens`,
    summary: "List a customer's stored cards",
    scopes: SCOPES.customersRead,
    params: CustomerParams,
    query: ListTokensQuery,
    responses: { ...tokenList, ...ERRORS },
    handle: async ({ ctx, actor, params, query }) =>
      pageResult(await listCustomerTokens(ctx, actor, params.customer_id, query)),
  }),
  defineRoute({
    ...customers,
    operationId: 'customers_user_token_delete',
    method: 'DELETE',
    path: `${USER}/tokens/{token_id}`,
    summary: "Delete one of a customer's stored cards (it can no longer pay); returns it",
    scopes: SCOPES.customersWrite,
    params: CustomerTokenParams,
    responses: { ...oneToken, ...ERRORS },
    handle: async ({ ctx, actor, params }) =>
      ok(await deleteCardToken(ctx, actor, params.token_id, { customerId: params.customer_id })),
  }),
  defineRoute({
    ...checkoutTokens,
    operationId: 'card_tokens_get',
    method: 'GET',
    path: '/v1/card-tokens',
    summary: 'List stored cards (payment-token sessions), optionally of one customer_id',
    scopes: SCOPES.checkoutRead,
    query: ListCardTokensQuery,
    responses: { ...tokenList, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, query }) => pageResult(await listCardTokens(ctx, actor, query)),
  }),
  defineRoute({
    ...checkoutTokens,
    operationId: 'card_token_get',
    method: 'GET',
    path: '/v1/card-tokens/{token_id}',
    summary: 'Get a stored card',
    scopes: SCOPES.checkoutRead,
    params: CardTokenParams,
    responses: { ...oneToken, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => ok(await getCardToken(ctx, actor, params.token_id)),
  }),
  defineRoute({
    ...checkoutTokens,
    operationId: 'card_token_delete',
    method: 'DELETE',
    path: '/v1/card-tokens/{token_id}',
    summary: 'Delete a stored card: paying with its tokens is then refused (DO_NOT_RETRY); returns it',
    scopes: SCOPES.checkoutWrite,
    params: CardTokenParams,
    responses: { ...oneToken, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => ok(await deleteCardToken(ctx, actor, params.token_id)),
  }),
];
