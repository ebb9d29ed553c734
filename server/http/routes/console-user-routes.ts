import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { createConsoleUser } from '../../console/create-console-user';
import {
  ConsoleUserCreated,
  ConsoleUserParams,
  ConsoleUserSchema,
  ConsoleUsersParams,
  CreateConsoleUserBody,
  ListConsoleUsersQuery,
} from '../../console/console-user-schemas';
import { deleteConsoleUser } from '../../console/delete-console-user';
import { listConsoleUsers } from '../../console/list-console-users';
import { pagingHeaders } from '../../shared/paging';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND, SCOPE_NOT_HELD } from './common-responses';

/** The console's users (issue 26, ADR 033): who may sign in to /console, with which role. */
const USERS = '/v1/accounts/{aid}/auth/users';
const base = { tags: ['console users'], auth: 'bearer-or-api-key' as const };
const ERRORS = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };

export const consoleUserRoutes = [
  defineRoute({
    ...base,
    operationId: 'aid_auth_users_post',
    credential: { kind: 'console-user', act: 'create' },
    method: 'POST',
    path: USERS,
    summary: 'Create a console user (e-mail and role; without a password one is generated and answered only here)',
    description:
      "The e-mail is stored lower-case and is unique within the account (another account may have a user with the same e-mail). Only the password's scrypt hash is kept; a replay with the same `Idempotency-Key` answers the user without the generated password.",
    scopes: SCOPES.consoleUsersWrite,
    params: ConsoleUsersParams,
    body: CreateConsoleUserBody,
    idempotent: true,
    responses: {
      200: { description: 'The user (with `password` when it was generated)', schema: ConsoleUserCreated },
      ...ERRORS,
      ...SCOPE_NOT_HELD('the role'),
      409: { description: 'CONSOLE_USER_ALREADY_EXISTS: a user of this account has this e-mail', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, body, meta }) => {
      const { user, password } = await createConsoleUser(ctx, actor, body, meta);
      return password === undefined ? ok(user) : { ...ok({ ...user, password }), replayBody: user };
    },
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_users_get',
    method: 'GET',
    path: USERS,
    summary: "List the account's console users (oldest first; never a password or its hash)",
    scopes: SCOPES.consoleUsersRead,
    params: ConsoleUsersParams,
    query: ListConsoleUsersQuery,
    responses: {
      200: {
        description: 'Console users',
        schema: z.array(ConsoleUserSchema),
        headers: { paging_token: 'starting_after for the next page; absent on the last page' },
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, query }) => {
      const page = await listConsoleUsers(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'aid_auth_user_delete',
    credential: { kind: 'console-user', act: 'delete' },
    method: 'DELETE',
    path: `${USERS}/{user_id}`,
    summary: 'Delete a console user (its sessions end at once); returns it',
    scopes: SCOPES.consoleUsersWrite,
    params: ConsoleUserParams,
    responses: {
      200: { description: 'The deleted user', schema: ConsoleUserSchema },
      ...ERRORS,
      ...SCOPE_NOT_HELD("the user's role"),
      409: { description: "LAST_CONSOLE_ADMIN: the account's last admin is not deleted", schema: ErrorBody },
    },
    handle: async ({ ctx, actor, params }) => ok(await deleteConsoleUser(ctx, actor, params.user_id)),
  }),
];
