import { z } from 'zod';
import { createProfile } from '../../profiles/create-profile';
import { deleteProfile } from '../../profiles/delete-profile';
import { getProfile, listProfiles } from '../../profiles/list-profiles';
import { ListQuery, ProfileBody, ProfileIdParams, ProfileSchema } from '../../profiles/profile-schemas';
import { updateProfile } from '../../profiles/update-profile';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const WRITE = ['admin:checkout', 'write:checkout:/admin/session/profiles'] as const;
const READ = [...WRITE, 'read:checkout'] as const;
const one = { 200: { description: 'The session profile', schema: ProfileSchema } };
const base = { path: '/v1/admin/session/profiles', tags: ['session profiles'], auth: 'bearer-or-api-key' as const };

export const profileRoutes = [
  defineRoute({
    ...base,
    operationId: 'admin_session_profile_post',
    method: 'POST',
    summary: 'Create a session profile (a named, reusable session configuration)',
    scopes: WRITE,
    body: ProfileBody,
    idempotent: true,
    responses: {
      ...one,
      ...INVALID_REQUEST,
      ...AUTH_ERRORS,
      409: { description: 'profile_id already exists', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await createProfile(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...base,
    operationId: 'admin_session_profiles_get',
    method: 'GET',
    summary: 'List session profiles (oldest first)',
    scopes: READ,
    query: ListQuery,
    responses: {
      200: { description: 'Profiles', schema: z.array(ProfileSchema) },
      ...INVALID_REQUEST,
      ...AUTH_ERRORS,
      ...NOT_FOUND,
    },
    handle: async ({ ctx, actor, query }) => ok(await listProfiles(ctx, actor, query)),
  }),
  defineRoute({
    ...base,
    path: '/v1/admin/session/profiles/{profile_id}',
    operationId: 'admin_session_profile_get',
    method: 'GET',
    summary: 'Get a session profile',
    scopes: READ,
    params: ProfileIdParams,
    responses: { ...one, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => ok(await getProfile(ctx, actor, params.profile_id)),
  }),
  defineRoute({
    ...base,
    path: '/v1/admin/session/profiles/{profile_id}',
    operationId: 'admin_session_profile_put',
    method: 'PUT',
    summary: 'Replace a session profile',
    scopes: WRITE,
    params: ProfileIdParams,
    body: ProfileBody,
    responses: { ...one, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params, body }) => ok(await updateProfile(ctx, actor, params.profile_id, body)),
  }),
  defineRoute({
    ...base,
    path: '/v1/admin/session/profiles/{profile_id}',
    operationId: 'admin_session_profile_delete',
    method: 'DELETE',
    summary: 'Delete a session profile (returns it)',
    scopes: WRITE,
    params: ProfileIdParams,
    responses: { ...one, ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => ok(await deleteProfile(ctx, actor, params.profile_id)),
  }),
];
