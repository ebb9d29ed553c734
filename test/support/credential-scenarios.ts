import { expect } from 'vitest';
import { ALL_SCOPES } from '../../server/auth/scopes';
import { ApiClient, type ApiResponse } from './api-client';
import { clientWithScopes, type KassaFixture } from './fixtures';
import { ACCOUNT } from './test-server';

/**
 * The credential-escalation suite's scenarios (ADR 042): for each operation of the route table that declares a
 * `credential`, how to make a target of its kind with given scopes, act on it, and see that a refusal changed
 * nothing. Every target is made by the bootstrap client (every scope). A route that declares a credential and has
 * no line here fails the suite's completeness test.
 */
export interface Case {
  /** Every scope the target gives (or the request would give): a caller holding them all may act. */
  scopes: readonly string[];
  act(caller: ApiClient): Promise<ApiResponse>;
  /** Fails unless the target is still as it was made (after a refusal). */
  expectUnchanged(): Promise<void>;
}

export interface Scenario {
  /** Targets with a scope that a caller holding one of the route's scopes alone does not hold. */
  stronger: Array<() => Promise<Case>>;
  /** A target within `scope` (what the caller may act on once it holds `scope` and the target's scopes). */
  within: (scope: string) => Promise<Case>;
}

const CLIENTS = `/v1/accounts/${ACCOUNT}/auth/clients`;
const GRANTS = `/v1/accounts/${ACCOUNT}/auth/client-grants`;
const USERS = `/v1/accounts/${ACCOUNT}/auth/users`;
const KEYS = '/v1/admin/api-keys';
const READ_ONLY_ROLE = ALL_SCOPES.filter((s) => s.startsWith('read:'));
let made = 0;
const unique = (what: string) => `${what}-${process.pid}-${++made}`;

const ok = (res: ApiResponse, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

export const scenariosFor = (k: Pick<KassaFixture, 'srv' | 'api' | 'db'>): Record<string, Scenario> => {
  const audience = () => `${k.srv.baseUrl}/v1/accounts/${ACCOUNT}`;
  const tokenStatus = async (clientId: string, secret: string) =>
    (
      await fetch(`${k.srv.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ grant_type: 'client_credentials', audience: audience() }),
      })
    ).status;
  const grant = (clientId: string, scope: readonly string[]) =>
    k.api.post(GRANTS, { client_id: clientId, audience: audience(), scope, type: 'client_credentials' });

  /** A client with a grant of `scopes` (none: no grant). */
  const client = async (scopes: readonly string[]) => {
    const c = ok(await k.api.post(CLIENTS, { name: unique('target') }), 'target client');
    const grantId = scopes.length > 0 ? (ok(await grant(c.id, scopes), 'target grant').id as string) : undefined;
    const expectUnchanged = async () => {
      const now = ok(await k.api.get(`${CLIENTS}/${c.id}`), 'the target client');
      expect(now.name).toBe(c.name);
      const grants = ok(await k.api.get(`${GRANTS}?client_id=${c.id}`), 'its grants') as { id: string }[];
      expect(grants.map((g) => g.id)).toEqual(grantId ? [grantId] : []);
      if (grantId) expect(await tokenStatus(c.client_id, c.client_secret)).toBe(200);
    };
    return { id: c.id as string, grantId, scopes, expectUnchanged };
  };
  const onClient =
    (act: (id: string, caller: ApiClient) => Promise<ApiResponse>) =>
    async (scopes: readonly string[]): Promise<Case> => {
      const c = await client(scopes);
      return { scopes, act: (caller) => act(c.id, caller), expectUnchanged: c.expectUnchanged };
    };

  /** An API key made by a client holding exactly `scopes` (a key carries its creator's scopes). */
  const apiKey = async (scopes: readonly string[]) => {
    const creator = scopes === ALL_SCOPES ? k.api : await scopedCaller(k, scopes);
    const key = ok(await creator.post(KEYS, { name: unique('target key') }), 'target key');
    return {
      id: key.id as string,
      scopes,
      expectUnchanged: async () => {
        const listed = await new ApiClient(k.srv.baseUrl).get(KEYS, { 'x-api-key': key.api_key });
        expect(listed.status, 'the old key value still authenticates').toBe(200);
      },
    };
  };
  const onKey =
    (act: (id: string, caller: ApiClient) => Promise<ApiResponse>) =>
    async (scopes: readonly string[]): Promise<Case> => {
      const key = await apiKey(scopes);
      return { scopes, act: (caller) => act(key.id, caller), expectUnchanged: key.expectUnchanged };
    };

  const userRows = (email: string) =>
    k.db().selectFrom('console_users').select(['id', 'deleted_at']).where('email', '=', email).execute();
  const newUser = (role: 'admin' | 'read-only'): Case => {
    const email = `${unique(role)}@shop.example`;
    return {
      scopes: role === 'admin' ? ALL_SCOPES : READ_ONLY_ROLE,
      act: (caller) => caller.post(USERS, { email, role, password: 'a-password-of-the-callers-choosing' }),
      expectUnchanged: async () => expect(await userRows(email)).toEqual([]),
    };
  };
  const existingUser = async (role: 'admin' | 'read-only'): Promise<Case> => {
    const email = `${unique(role)}@shop.example`;
    // two admins: deleting one in the allowed case never meets LAST_CONSOLE_ADMIN
    for (const e of role === 'admin' ? [`spare-${email}`, email] : [email])
      ok(await k.api.post(USERS, { email: e, role, password: 'target-password-0123' }), 'target user');
    const [row] = await userRows(email);
    return {
      scopes: role === 'admin' ? ALL_SCOPES : READ_ONLY_ROLE,
      act: (caller) => caller.request('DELETE', `${USERS}/${row!.id}`),
      expectUnchanged: async () => expect(await userRows(email)).toEqual([{ id: row!.id, deleted_at: null }]),
    };
  };

  /** The account's signing secret (made first, so that a read finds one); a refusal leaves it as it was. */
  const signingSecret = (act: (caller: ApiClient) => Promise<ApiResponse>) => async (): Promise<Case> => {
    const made = ok(await k.api.post('/v1/admin/signature'), 'the signing secret');
    return {
      scopes: [],
      act,
      expectUnchanged: async () => expect(ok(await k.api.get('/v1/admin/signature'), 'the secret').id).toBe(made.id),
    };
  };

  const grantOn = async (clientScopes: readonly string[], scope: readonly string[]): Promise<Case> => {
    const c = await client(clientScopes);
    return {
      scopes: [...clientScopes, ...scope],
      // another audience of the account than the target's own grant, so no grant is there yet
      act: (caller) =>
        caller.post(GRANTS, {
          client_id: c.id,
          audience: `https://elsewhere.example/v1/accounts/${ACCOUNT}`,
          scope,
          type: 'client_credentials',
        }),
      expectUnchanged: c.expectUnchanged,
    };
  };
  const grantDelete = async (scopes: readonly string[]): Promise<Case> => {
    const c = await client(scopes);
    return {
      scopes,
      act: (caller) => caller.request('DELETE', `${GRANTS}/${c.grantId!}`),
      expectUnchanged: c.expectUnchanged,
    };
  };

  return {
    aid_auth_clients_post: {
      stronger: [], // a new client has no scope until a grant gives it one (aid_auth_client_grants_post)
      within: async () => {
        const name = unique('created');
        return {
          scopes: [],
          act: (caller) => caller.post(CLIENTS, { name }),
          expectUnchanged: async () => undefined,
        };
      },
    },
    aid_auth_client_put: {
      stronger: [
        () => onClient((id, c) => c.request('PUT', `${CLIENTS}/${id}`, { name: unique('renamed') }))(ALL_SCOPES),
      ],
      within: (s) => onClient((id, c) => c.request('PUT', `${CLIENTS}/${id}`, { name: unique('renamed') }))([s]),
    },
    aid_auth_client_delete: {
      stronger: [() => onClient((id, c) => c.request('DELETE', `${CLIENTS}/${id}`))(ALL_SCOPES)],
      within: (s) => onClient((id, c) => c.request('DELETE', `${CLIENTS}/${id}`))([s]),
    },
    aid_auth_client_rotate_secret_post: {
      stronger: [() => onClient((id, c) => c.post(`${CLIENTS}/${id}/rotate_secret`))(ALL_SCOPES)],
      within: (s) => onClient((id, c) => c.post(`${CLIENTS}/${id}/rotate_secret`))([s]),
    },
    aid_auth_client_grants_post: {
      // granting every scope to a client without any; granting nothing new to a client stronger than the caller
      stronger: [() => grantOn([], ALL_SCOPES), () => grantOn(ALL_SCOPES, ['read:checkout'])],
      within: (s) => grantOn([], [s]),
    },
    aid_auth_client_grant_delete: {
      stronger: [() => grantDelete(ALL_SCOPES)],
      within: (s) => grantDelete([s]),
    },
    admin_api_keys_post: {
      stronger: [], // a key carries its creator's scopes, no more (createApiKey)
      within: async () => ({
        scopes: [],
        act: (caller) => caller.post(KEYS, { name: unique('created key') }),
        expectUnchanged: async () => undefined,
      }),
    },
    admin_api_keys_delete: {
      stronger: [() => onKey((id, c) => c.request('DELETE', `${KEYS}/${id}`))(ALL_SCOPES)],
      within: (s) => onKey((id, c) => c.request('DELETE', `${KEYS}/${id}`))([s]),
    },
    admin_api_keys_rotate_post: {
      stronger: [() => onKey((id, c) => c.post(`${KEYS}/${id}/rotate-api-key`))(ALL_SCOPES)],
      within: (s) => onKey((id, c) => c.post(`${KEYS}/${id}/rotate-api-key`))([s]),
    },
    aid_auth_users_post: {
      stronger: [async () => newUser('admin'), async () => newUser('read-only')],
      within: async () => newUser('read-only'),
    },
    aid_auth_user_delete: {
      stronger: [() => existingUser('admin'), () => existingUser('read-only')],
      within: () => existingUser('read-only'),
    },
    // the account's callback signing secret gives no API scope: the route's own scopes guard it
    admin_signature_get: { stronger: [], within: signingSecret((c) => c.get('/v1/admin/signature')) },
    admin_signature_post: { stronger: [], within: signingSecret((c) => c.post('/v1/admin/signature')) },
  };
};

const callers = new WeakMap<object, Map<string, Promise<ApiClient>>>();

/** A client of the test account holding exactly `scopes` (on its row, as the start-up client), logged in; one per set. */
export const scopedCaller = (k: Pick<KassaFixture, 'srv'>, scopes: readonly string[]): Promise<ApiClient> => {
  let byScopes = callers.get(k.srv.kassa);
  if (!byScopes) callers.set(k.srv.kassa, (byScopes = new Map()));
  const key = [...new Set(scopes)].sort().join(' ');
  let caller = byScopes.get(key);
  if (!caller) byScopes.set(key, (caller = clientWithScopes(k, key.split(' '))));
  return caller;
};
