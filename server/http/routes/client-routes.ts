import { z } from 'zod';
import { createClient } from '../../auth/clients/create-client';
import { deleteClient } from '../../auth/clients/delete-client';
import { getClient } from '../../auth/clients/get-client';
import { listClients } from '../../auth/clients/list-clients';
import { rotateClientSecret } from '../../auth/clients/rotate-client-secret';
import { updateClient } from '../../auth/clients/update-client';
import {
  ClientParams,
  ClientRead,
  ClientWithSecret,
  CreateClientBody,
  UpdateClientBody,
} from '../../auth/clients/client-schemas';
import { createClientGrant } from '../../auth/grants/create-client-grant';
import { deleteClientGrant } from '../../auth/grants/delete-client-grant';
import { listClientGrants } from '../../auth/grants/list-client-grants';
import { CreateGrantBody, GrantListQuery, GrantParams, GrantRead } from '../../auth/grants/grant-schemas';
import { SCOPES } from '../../auth/scopes';
import { pagingHeaders } from '../../shared/paging';
import { AccountId, ErrorBody } from '../../shared/schemas';
import { ListQuery, PAGING_HEADERS } from '../../terminals/listing';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND, SCOPE_NOT_HELD } from './common-responses';

const Account = z.object({ aid: AccountId });
const Client = ClientParams.extend({ aid: AccountId });
const Grant = GrantParams.extend({ aid: AccountId });
const base = { auth: 'bearer' as const, tags: ['auth'] };
const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };
const conflict = (what: string) => ({ 409: { description: what, schema: ErrorBody } });

const clientRoutes = [
  defineRoute({
    ...base,
    operationId: 'aid_auth_clients_post',
    credential: { kind: 'client', act: 'create' },
    method: 'POST',
    path: '/v1/accounts/{aid}/auth/clients',
    summary: 'Create a client; its secret is answered only here (give it scopes with a client grant)',
    scopes: SCOPES.clientsWrite,
    params: Account,
    body: CreateClientBody,
    idempotent: true,
    responses: {
      200: { description: 'The client and its secret', schema: ClientWithSecret },
      ...errors,
      ...conflict('client_id is taken'),
    },
    handle: async ({ ctx, actor, body, meta }) => {
      const { client, client_secret } = await createClient(ctx, actor, body, meta);
      // a replay answers the client without the secret, which is never stored
      return client_secret === undefined ? ok(client) : { ...ok({ ...client, client_secret }), replayBody: client };
    },
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_clients_get',
    method: 'GET',
    path: '/v1/accounts/{aid}/auth/clients',
    summary: 'List clients (oldest first; never their secrets)',
    scopes: SCOPES.clientsRead,
    params: Account,
    query: ListQuery,
    responses: { 200: { description: 'Clients', schema: z.array(ClientRead), headers: PAGING_HEADERS }, ...errors },
    handle: async ({ ctx, actor, query }) => {
      const page = await listClients(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_get',
    method: 'GET',
    path: '/v1/accounts/{aid}/auth/clients/{id}',
    summary: 'Get a client',
    scopes: SCOPES.clientsRead,
    params: Client,
    responses: { 200: { description: 'The client', schema: ClientRead }, ...errors },
    handle: async ({ ctx, actor, params }) => ok(await getClient(ctx, actor, params.id)),
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_put',
    credential: { kind: 'client', act: 'change' },
    method: 'PUT',
    path: '/v1/accounts/{aid}/auth/clients/{id}',
    summary: "Change a client's name, description or callbacks",
    scopes: SCOPES.clientsWrite,
    params: Client,
    body: UpdateClientBody,
    responses: { 200: { description: 'The client', schema: ClientRead }, ...errors, ...SCOPE_NOT_HELD('the client') },
    handle: async ({ ctx, actor, params, body }) => ok(await updateClient(ctx, actor, params.id, body)),
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_delete',
    credential: { kind: 'client', act: 'delete' },
    method: 'DELETE',
    path: '/v1/accounts/{aid}/auth/clients/{id}',
    summary: 'Delete a client and its grants: the token endpoint refuses it at once; its tokens expire as usual',
    scopes: SCOPES.clientsWrite,
    params: Client,
    responses: {
      200: { description: 'The deleted client', schema: ClientRead },
      ...errors,
      ...SCOPE_NOT_HELD('the client'),
    },
    handle: async ({ ctx, actor, params }) => ok(await deleteClient(ctx, actor, params.id)),
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_rotate_secret_post',
    credential: { kind: 'client', act: 'rotate' },
    method: 'POST',
    path: '/v1/accounts/{aid}/auth/clients/{id}/rotate_secret',
    summary: 'Give a client a new secret, answered only here; the old one is refused at once',
    scopes: SCOPES.clientsWrite,
    params: Client,
    responses: {
      200: { description: 'The client and its new secret', schema: ClientWithSecret },
      ...errors,
      ...SCOPE_NOT_HELD('the client'),
    },
    handle: async ({ ctx, actor, params }) => ok(await rotateClientSecret(ctx, actor, params.id)),
  }),
];

const grantRoutes = [
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_grants_post',
    credential: { kind: 'client-grant', act: 'grant' },
    method: 'POST',
    path: '/v1/accounts/{aid}/auth/client-grants',
    summary: 'Give a client scopes for an audience (only scopes the caller holds)',
    scopes: SCOPES.grantsWrite,
    params: Account,
    body: CreateGrantBody,
    idempotent: true,
    responses: {
      200: { description: 'The grant', schema: GrantRead },
      ...errors,
      ...SCOPE_NOT_HELD('the grant or its client'),
      ...conflict('The client already has a grant for this audience and type'),
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await createClientGrant(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_grants_get',
    method: 'GET',
    path: '/v1/accounts/{aid}/auth/client-grants',
    summary: 'List client grants (oldest first), of one client or audience when asked',
    scopes: SCOPES.grantsRead,
    params: Account,
    query: GrantListQuery,
    responses: { 200: { description: 'Grants', schema: z.array(GrantRead), headers: PAGING_HEADERS }, ...errors },
    handle: async ({ ctx, actor, query }) => {
      const page = await listClientGrants(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_client_grant_delete',
    credential: { kind: 'client-grant', act: 'delete' },
    method: 'DELETE',
    path: '/v1/accounts/{aid}/auth/client-grants/{id}',
    summary: 'Delete a client grant: new tokens lose its scopes; tokens already issued expire as usual',
    scopes: SCOPES.grantsWrite,
    params: Grant,
    responses: {
      200: { description: 'The deleted grant', schema: GrantRead },
      ...errors,
      ...SCOPE_NOT_HELD("the grant's client"),
    },
    handle: async ({ ctx, actor, params }) => ok(await deleteClientGrant(ctx, actor, params.id)),
  }),
];

export const accountAuthRoutes = [...clientRoutes, ...grantRoutes];
