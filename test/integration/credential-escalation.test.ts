import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holdsScope } from '../../server/auth/no-escalation';
import { ROUTES } from '../../server/http/route-table';
import type { RouteDef } from '../../server/http/route';
import { ApiClient } from '../support/api-client';
import { scenariosFor, scopedCaller } from '../support/credential-scenarios';
import { useKassa } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/**
 * Issue 37 items 2-4, generated from the route table (ADR 042): for every operation that creates, rotates, grants,
 * changes, deletes or reads a credential or a console user, a caller holding one of the operation's scopes alone
 * cannot act on a target with a scope it does not hold (403 SCOPE_NOT_HELD, and the target is as it was), while a
 * caller holding the target's scopes still can. A new credential route fails the first two tests until it is here.
 */
const k = useKassa({ env: { KASSA_TOKEN_RATE_PER_ADDRESS: '100000', KASSA_TOKEN_RATE_PER_CLIENT: '100000' } });
const CREDENTIAL_ROUTES = ROUTES.filter((r) => r.credential);
/** The token endpoint issues a client its own grants: its own test below. */
const TOKEN_ROUTE = 'aid_auth_token_post';

/** The property names of a route's 2xx answers. */
const answerFields = (route: RouteDef): string[] => {
  const names: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [key, x] of Object.entries(v)) {
        if (key === 'properties' && x && typeof x === 'object') names.push(...Object.keys(x));
        walk(x);
      }
  };
  for (const [status, spec] of Object.entries(route.responses))
    if (Number(status) < 300 && spec.schema) walk(z.toJSONSchema(spec.schema, { unrepresentable: 'any' }));
  return names;
};
/** What says a route issues or manages an API credential or a console user (payment instruments are not). */
const SECRET_FIELD = /^(client_secret|secret|password|api_key|access_token|refresh_token)$/;
const CREDENTIAL_PATH = /\/auth\/|\/api-keys|\/signature/;

describe('the routes that issue, change or remove a credential', () => {
  it('every route that answers a secret, or writes under an auth, API key or signature path, declares its credential', () => {
    const undeclared = ROUTES.filter(
      (r) =>
        !r.credential &&
        (answerFields(r).some((f) => SECRET_FIELD.test(f)) || (r.method !== 'GET' && CREDENTIAL_PATH.test(r.path))),
    ).map((r) => `${r.method} ${r.path} (${r.operationId})`);
    expect(undeclared).toEqual([]);
    expect(CREDENTIAL_ROUTES.length).toBeGreaterThanOrEqual(14);
  });

  it('every route that declares one has a scenario here, and every scenario a route', () => {
    const scenarios = Object.keys(scenariosFor(k));
    const declared = CREDENTIAL_ROUTES.map((r) => r.operationId);
    expect(declared.filter((id) => id !== TOKEN_ROUTE && !scenarios.includes(id))).toEqual([]);
    expect(scenarios.filter((id) => !declared.includes(id))).toEqual([]);
  });
});

/** A scope the route does not accept and no scope it accepts holds: its caller gets the route's 403. */
const outsideScope = (route: RouteDef): string =>
  ['read:wallets', 'read:shopping'].find((s) => !(route.scopes ?? []).some((r) => holdsScope([s], r)))!;

describe('no caller obtains or removes a credential or user stronger than itself (0 escalations)', () => {
  for (const route of CREDENTIAL_ROUTES.filter((r) => r.operationId !== TOKEN_ROUTE)) {
    const { operationId, method, path } = route;
    it(`${operationId} (${method} ${path}): one of ${route.scopes!.join(' | ')} alone is refused a stronger target; a caller holding the target's scopes is not`, async () => {
      const scenario = scenariosFor(k)[operationId]!;
      const escalations: string[] = [];
      const refused: string[] = [];
      for (const scope of route.scopes!) {
        const narrow = await scopedCaller(k, [scope]);
        for (const [i, make] of scenario.stronger.entries()) {
          const target = await make();
          const res = await target.act(narrow);
          if (res.status === 403 && res.body.error.code === 'SCOPE_NOT_HELD') await target.expectUnchanged();
          else escalations.push(`${scope} alone, stronger target ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        }
        const within = await scenario.within(scope);
        const res = await within.act(await scopedCaller(k, [scope, ...within.scopes]));
        if (res.status !== 200)
          refused.push(`${scope} with the target's scopes: ${res.status} ${JSON.stringify(res.body)}`);
      }
      for (const [i, make] of scenario.stronger.entries()) {
        const res = await (await make()).act(k.api);
        if (res.status !== 200)
          refused.push(`every scope, stronger target ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const outsider = outsideScope(route);
      const target = await scenario.within(route.scopes![0]!);
      const res = await target.act(await scopedCaller(k, [outsider]));
      expect([res.status, res.body.error?.code], `${outsider} alone`).toEqual([403, 'INSUFFICIENT_SCOPE']);
      await target.expectUnchanged();
      expect(escalations).toEqual([]);
      expect(refused).toEqual([]);
    });
  }

  it(`${TOKEN_ROUTE}: a client's token carries exactly the scopes of its grants for that audience`, async () => {
    const base = `/v1/accounts/${ACCOUNT}/auth`;
    const client = (await k.api.post(`${base}/clients`, { name: 'token scopes' })).body;
    const grant = await k.api.post(`${base}/client-grants`, {
      client_id: client.id,
      audience: `${k.srv.baseUrl}/v1/accounts/${ACCOUNT}`,
      scope: ['read:checkout', 'write:accounts:/auth/users'],
      type: 'client_credentials',
    });
    expect(grant.status).toBe(200);
    const token = await ApiClient.login(k.srv.baseUrl, ACCOUNT, client.client_id, client.client_secret);
    const actor = await k.srv.kassa.ctx.tokens.verify((token as unknown as { token: string }).token);
    expect([...actor.scopes].sort()).toEqual(['read:checkout', 'write:accounts:/auth/users']);
  });
});

describe('the takeovers of issue 37, step by step', () => {
  const bootstrapId = async () =>
    (await k.db().selectFrom('api_clients').select('id').where('client_id', '=', CLIENT_ID).executeTakeFirstOrThrow())
      .id;

  it('item 2: write:accounts:/auth/clients cannot rotate the secret of, or delete, the bootstrap client (every scope)', async () => {
    const narrow = await scopedCaller(k, ['write:accounts:/auth/clients']);
    const id = await bootstrapId();
    const clients = `/v1/accounts/${ACCOUNT}/auth/clients`;
    const rotate = await narrow.post(`${clients}/${id}/rotate_secret`);
    const remove = await narrow.request('DELETE', `${clients}/${id}`);
    expect([rotate.status, rotate.body.error?.code, rotate.body.client_secret]).toEqual([
      403,
      'SCOPE_NOT_HELD',
      undefined,
    ]);
    expect([remove.status, remove.body.error?.code]).toEqual([403, 'SCOPE_NOT_HELD']);
    await ApiClient.login(k.srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET); // its secret still works
  });

  it('item 3: write:accounts:/auth/users cannot make a console admin with a password of its choosing', async () => {
    const narrow = await scopedCaller(k, ['write:accounts:/auth/users']);
    const email = 'takeover@shop.example';
    const res = await narrow.post(`/v1/accounts/${ACCOUNT}/auth/users`, {
      email,
      role: 'admin',
      password: 'chosen-by-the-attacker',
    });
    expect([res.status, res.body.error?.code]).toEqual([403, 'SCOPE_NOT_HELD']);
    expect(res.body.error.message).toContain('admin:checkout');
    expect(await k.db().selectFrom('console_users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('item 4: admin:checkout cannot rotate an API key made with every scope, nor learn its new value', async () => {
    const key = (await k.api.post('/v1/admin/api-keys', { name: 'every scope' })).body;
    const narrow = await scopedCaller(k, ['admin:checkout']);
    const res = await narrow.post(`/v1/admin/api-keys/${key.id}/rotate-api-key`);
    expect([res.status, res.body.error?.code, res.body.api_key]).toEqual([403, 'SCOPE_NOT_HELD', undefined]);
    // the old value still authenticates
    expect((await new ApiClient(k.srv.baseUrl).get('/v1/admin/api-keys', { 'x-api-key': key.api_key })).status).toBe(
      200,
    );
  });
});
