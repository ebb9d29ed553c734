import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { normalAudience } from './grants/audience';
import { grantedScopes } from './grants/granted-scopes';
import { goodAddressUntil, rememberGoodAddress } from './sign-in-limits';
import { goodAddressKey, REMEMBER_SUCCESS_MS, reserveFailureSlots, takeAddressSlot } from './token-attempt-limits';
import { verifyClientSecret } from './verify-client-secret';

export interface TokenRequest {
  accountId: string;
  authorization: string | undefined;
  grantType: string;
  audience: string;
  /** Who sent it (server/http/client-address.ts): counted per source address (token-attempt-limits.ts). */
  clientAddress: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const parseBasic = (header: string | undefined): { clientId: string; clientSecret: string } => {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(header ?? '');
  const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0)
    throw new AppError(
      'INVALID_CLIENT',
      'Send the client credentials as Authorization: Basic base64(client_id:client_secret)',
    );
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
};

/**
 * OAuth 2 client-credentials grant: Basic client auth in, a bearer JWT out carrying the scopes the client's grants
 * give for that audience (granted-scopes.ts). A deleted client, or one without a grant there, gets no token.
 */
export const issueToken = async (ctx: AppContext, req: TokenRequest): Promise<TokenResponse> => {
  takeAddressSlot(ctx.tokenRateLimits, req.clientAddress); // every request, before anything else
  if (req.grantType !== 'client_credentials') {
    throw new AppError('INVALID_GRANT', `grant_type "${req.grantType}" is not supported; use client_credentials`, {
      errors: [{ path: 'grant_type', message: 'unsupported grant type' }],
    });
  }
  const { clientId, clientSecret } = parseBasic(req.authorization);
  const audience = normalAudience(req.audience);
  if (audience?.accountId !== req.accountId) {
    throw new AppError('INVALID_AUDIENCE', `audience must be <base>/v1/accounts/${req.accountId}`, {
      errors: [{ path: 'audience', message: 'does not name this account' }],
    });
  }
  // a wrong secret is counted where it came from (token-attempt-limits.ts): others are not locked out
  // an address that got a token for the client lately passes its ceiling (kept in the database: every process)
  const { accountId, clientAddress: address } = req;
  const goodKey = goodAddressKey({ accountId, clientId, address });
  const until = await goodAddressUntil(ctx.database, goodKey);
  const remembered = until !== undefined;
  const attempt = reserveFailureSlots(ctx.tokenRateLimits, { accountId, clientId, address, remembered });
  // one hash and compare, known client or not
  const client = await verifyClientSecret(ctx.database.db, accountId, clientId, clientSecret).catch((err: unknown) => {
    attempt.notCounted();
    throw err;
  });
  if (!client) throw new AppError('INVALID_CLIENT', 'Unknown client or wrong client secret for this account');
  attempt.succeeded();
  // renewed at most once an hour per (client, address): a busy merchant's tokens do not each write a row
  if (until === undefined || until - Date.now() < REMEMBER_SUCCESS_MS - 3600_000)
    await rememberGoodAddress(ctx.database, goodKey, REMEMBER_SUCCESS_MS);
  const scopes = await grantedScopes(ctx.database.db, client, audience.audience, req.grantType);
  if (scopes.length === 0)
    throw new AppError('UNAUTHORIZED_CLIENT', `This client has no grant for the audience ${audience.audience}`, {
      errors: [{ path: 'audience', message: 'no grant of this client for this audience and grant type' }],
    });
  const ttl = ctx.env.KASSA_TOKEN_TTL_SECONDS;
  const accessToken = await ctx.tokens.sign(
    { accountId: client.account_id, subject: client.client_id, scopes },
    req.audience,
    ttl,
  );
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl };
};
