import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { AccountId, ErrorBody } from '../../shared/schemas';
import { createPayoutDestination } from '../../terminals/create-payout-destination';
import { createStore } from '../../terminals/create-store';
import { createTerminal } from '../../terminals/create-terminal';
import { deleteTerminal } from '../../terminals/delete-terminal';
import { getPayoutDestination } from '../../terminals/get-payout-destination';
import { getStore } from '../../terminals/get-store';
import { getTerminal } from '../../terminals/get-terminal';
import { pagingHeaders } from '../../shared/paging';
import { ListQuery, PAGING_HEADERS } from '../../terminals/listing';
import { listPayoutDestinations } from '../../terminals/list-payout-destinations';
import { listStores } from '../../terminals/list-stores';
import { listTerminals } from '../../terminals/list-terminals';
import {
  PayoutDestinationBody,
  PayoutDestinationParams,
  PayoutDestinationSchema,
} from '../../terminals/payout-destination-schemas';
import { StoreBody, StoreParams, StoreSchema } from '../../terminals/store-schemas';
import {
  TerminalBody,
  TerminalListQuery,
  TerminalListSchema,
  TerminalParams,
  TerminalSchema,
} from '../../terminals/terminal-schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const Account = z.object({ aid: AccountId });
const base = { auth: 'bearer' as const, tags: ['stores and terminals'] };
const read = { ...base, method: 'GET' as const, scopes: SCOPES.accountsRead };
const write = { ...base, scopes: SCOPES.accountsWrite };
const conflict = (what: string) => ({ 409: { description: what, schema: ErrorBody } });
const list = (description: string, schema: z.ZodType) => ({
  200: { description, schema, headers: PAGING_HEADERS },
  ...INVALID_REQUEST,
  ...AUTH_ERRORS,
  ...NOT_FOUND,
});
const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };

const payoutDestinationRoutes = [
  defineRoute({
    ...write,
    operationId: 'aid_payout_destinations_post',
    method: 'POST',
    path: '/v1/accounts/{aid}/payout-destinations',
    summary: 'Create a payout destination (where the money of stores goes); it is ACTIVE at once',
    params: Account,
    body: PayoutDestinationBody,
    idempotent: true,
    responses: {
      200: { description: 'The payout destination', schema: PayoutDestinationSchema },
      ...errors,
      ...conflict('payout_destination_id already exists'),
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await createPayoutDestination(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...read,
    operationId: 'aid_payout_destinations_get',
    path: '/v1/accounts/{aid}/payout-destinations',
    summary: 'List payout destinations (oldest first)',
    params: Account,
    query: ListQuery,
    responses: list('Payout destinations', z.array(PayoutDestinationSchema)),
    handle: async ({ ctx, actor, query }) => {
      const page = await listPayoutDestinations(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...read,
    operationId: 'aid_payout_destination_get',
    path: '/v1/accounts/{aid}/payout-destinations/{payout_destination_id}',
    summary: 'Get a payout destination',
    params: PayoutDestinationParams,
    responses: { 200: { description: 'The payout destination', schema: PayoutDestinationSchema }, ...errors },
    handle: async ({ ctx, actor, params }) => ok(await getPayoutDestination(ctx, actor, params.payout_destination_id)),
  }),
];

const storeRoutes = [
  defineRoute({
    ...write,
    operationId: 'aid_stores_post',
    method: 'POST',
    path: '/v1/accounts/{aid}/stores',
    summary: "Create a store under the client's store_id; Kassa adds its own id (<aid>-0001, ...)",
    params: Account,
    body: StoreBody,
    idempotent: true,
    responses: {
      200: { description: 'The store', schema: StoreSchema },
      ...errors,
      ...conflict('store_id already exists'),
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await createStore(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...read,
    operationId: 'aid_stores_get',
    path: '/v1/accounts/{aid}/stores',
    summary: 'List stores (in the order they were created)',
    params: Account,
    query: ListQuery,
    responses: list('Stores', z.array(StoreSchema)),
    handle: async ({ ctx, actor, query }) => {
      const page = await listStores(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...read,
    operationId: 'aid_store_get',
    path: '/v1/accounts/{aid}/stores/{store_id}',
    summary: "Get a store by the client's store_id",
    params: StoreParams,
    responses: { 200: { description: 'The store', schema: StoreSchema }, ...errors },
    handle: async ({ ctx, actor, params }) => ok(await getStore(ctx, actor, params.store_id)),
  }),
];

const terminalPath = '/v1/accounts/{aid}/terminals/{terminal_id}';
const oneTerminal = { 200: { description: 'The terminal', schema: TerminalSchema }, ...errors };

/** Issue 10: the account API's stores, payout destinations and terminals, under /v1/accounts/{aid}/... */
export const terminalRoutes = [
  ...payoutDestinationRoutes,
  ...storeRoutes,
  defineRoute({
    ...write,
    operationId: 'aid_terminals_post',
    method: 'POST',
    path: '/v1/accounts/{aid}/terminals',
    summary: 'Register a terminal in a store that has a payout destination',
    description:
      'device_model is resolved from the prefix of device_serial_number (S1F2: SATURN1000, S1F4P: Saturn_S1F4_Pro, S1P2: S1P2, S1M2: S1MINI2) and may not be sent. The terminal starts ACTIVE.',
    params: Account,
    body: TerminalBody,
    idempotent: true,
    responses: { ...oneTerminal, ...conflict('A live terminal of the account has this device_serial_number') },
    handle: async ({ ctx, actor, body, meta }) => ok(await createTerminal(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...read,
    operationId: 'aid_terminals_get',
    path: '/v1/accounts/{aid}/terminals',
    summary: 'List terminals (in the order they were registered)',
    params: Account,
    query: TerminalListQuery,
    responses: list('Terminals, and starting_after for the next page', TerminalListSchema),
    handle: async ({ ctx, actor, query }) => {
      const page = await listTerminals(ctx, actor, query);
      return ok(
        { terminals: page.items, ...(page.next === undefined ? {} : { starting_after: page.next }) },
        pagingHeaders(page),
      );
    },
  }),
  defineRoute({
    ...read,
    operationId: 'aid_terminal_get',
    path: terminalPath,
    summary: 'Get details for one terminal (deleted ones too, with status DELETED)',
    params: TerminalParams,
    responses: oneTerminal,
    handle: async ({ ctx, actor, params }) => ok(await getTerminal(ctx, actor, params.terminal_id)),
  }),
  defineRoute({
    ...write,
    operationId: 'aid_terminal_delete',
    method: 'DELETE',
    path: terminalPath,
    summary: 'Delete a terminal (status DELETED; it still reads, and lists leave it out unless include_deleted=true)',
    params: TerminalParams,
    responses: oneTerminal,
    handle: async ({ ctx, actor, params }) => ok(await deleteTerminal(ctx, actor, params.terminal_id)),
  }),
];
