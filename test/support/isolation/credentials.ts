import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { ALL_SCOPES } from '../../../server/auth/scopes';
import type { RouteDef } from '../../../server/http/route';
import { ApiClient } from '../api-client';
import { clientWithScopes, OTHER, type KassaFixture } from '../fixtures';
import { ACCOUNT, CLIENT_ID } from '../test-server';

/** The JWT key the isolation servers run with (KASSA_JWT_SECRET), so a test can mint an expired token the server would otherwise accept. */
export const ISOLATION_JWT_SECRET = 'isolation-matrix-jwt-secret-0123456789abcdef';
export const ISOLATION_ENV = { KASSA_JWT_SECRET: ISOLATION_JWT_SECRET };

/**
 * How a request of the matrix authenticates, and what it must get: `unauthenticated` 401,
 * `missing-scope` 403, `other-account` (B's valid credentials) 404 on A's resources.
 */
export interface Credential {
  name: string;
  headers: Record<string, string>;
  kind: 'unauthenticated' | 'missing-scope' | 'other-account';
  /** `{aid}` of the request: A's account, or B's own. */
  aid: string;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The claims a real token of A's bootstrap client carries, with every scope. */
const claimsOfA = (baseUrl: string) => ({
  aid: ACCOUNT,
  scope: ALL_SCOPES.join(' '),
  sub: CLIENT_ID,
  aud: `${baseUrl}/v1/accounts/${ACCOUNT}`,
  iss: 'kassa',
});

const signHs256 = (secret: string, claims: Record<string, unknown>, iat: number, exp: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(createSecretKey(Buffer.from(secret, 'utf8')));

export interface Credentials {
  /** B's token (all scopes), B's API key, and A's forged, revoked or insufficient credentials. */
  forOperation(route: RouteDef): Credential[];
  /** The headers of B's token (all scopes). */
  other: Record<string, string>;
}

/** A scope the operation does not accept (so a token with only it must get 403). */
export const unrelatedScope = (route: RouteDef): string => {
  const accepted = new Set(route.scopes ?? []);
  const pick = ['read:wallets', 'read:checkout', 'read:shopping'].find((s) => !accepted.has(s));
  if (!pick) throw new Error(`${route.operationId}: no unrelated scope`);
  return pick;
};

/** The access token an ApiClient logged in with (ApiClient keeps it private). */
export const tokenOf = (client: ApiClient): string => (client as unknown as { token: string }).token;

/**
 * Everything the matrix calls with. Tokens are minted once: `alg: none` and a foreign key carry A's
 * claims with every scope and a valid expiry, the expired one is signed with the server's real key.
 */
export const makeCredentials = async (k: Pick<KassaFixture, 'srv' | 'api' | 'other'>): Promise<Credentials> => {
  const baseUrl = k.srv.baseUrl;
  const now = Math.floor(Date.now() / 1000);
  const claims = claimsOfA(baseUrl);
  const expired = await signHs256(ISOLATION_JWT_SECRET, claims, now - 7200, now - 3600);
  const foreignKey = await signHs256('another-kassa-has-another-key-0123456789abcdef', claims, now, now + 3600);
  const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, iat: now, exp: now + 3600 })}.`;
  const key = await k.other.post('/v1/admin/api-keys', { name: 'isolation matrix' });
  if (key.status !== 200) throw new Error(`B's API key: ${key.status} ${JSON.stringify(key.body)}`);
  const otherKey = key.body.api_key as string;
  const revoked = await k.api.post('/v1/admin/api-keys', { name: 'revoked' });
  if (revoked.status !== 200 || (await k.api.request('DELETE', `/v1/admin/api-keys/${revoked.body.id}`)).status !== 200)
    throw new Error("A's revoked API key");
  const otherToken = tokenOf(k.other);
  const scoped = new Map<string, string>();
  for (const scope of ['read:wallets', 'read:checkout', 'read:shopping'])
    scoped.set(scope, tokenOf(await clientWithScopes(k, [scope])));
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  return {
    other: bearer(otherToken),
    forOperation(route) {
      const hasAid = route.path.includes('{aid}');
      const list: Credential[] = [];
      if (hasAid)
        list.push({
          name: "B's token on A's account path",
          headers: bearer(otherToken),
          kind: 'other-account',
          aid: ACCOUNT,
        });
      list.push({ name: "B's token", headers: bearer(otherToken), kind: 'other-account', aid: OTHER.accountId });
      // A bearer-only route ignores x-api-key: a key then authenticates nothing (401); an API-key route runs as B.
      list.push({
        name: "B's API key",
        headers: { 'x-api-key': otherKey },
        kind: route.auth === 'bearer-or-api-key' ? 'other-account' : 'unauthenticated',
        aid: OTHER.accountId,
      });
      list.push({
        name: "A's deleted API key",
        headers: { 'x-api-key': revoked.body.api_key as string },
        kind: 'unauthenticated',
        aid: ACCOUNT,
      });
      list.push({
        name: `A's token with only ${unrelatedScope(route)}`,
        headers: bearer(scoped.get(unrelatedScope(route))!),
        kind: 'missing-scope',
        aid: ACCOUNT,
      });
      list.push({ name: "A's expired token", kind: 'unauthenticated', headers: bearer(expired), aid: ACCOUNT });
      list.push({ name: "A's claims with alg none", kind: 'unauthenticated', headers: bearer(algNone), aid: ACCOUNT });
      list.push({
        name: "A's claims signed by another key",
        kind: 'unauthenticated',
        headers: bearer(foreignKey),
        aid: ACCOUNT,
      });
      return list;
    },
  };
};
