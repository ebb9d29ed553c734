import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { parseStoredScopes } from './scopes';
import { verifyClientSecret } from './verify-client-secret';

export interface TokenRequest {
  accountId: string;
  authorization: string | undefined;
  grantType: string;
  audience: string;
  /** Who sent it (server/http/client-address.ts): counted against the per-address limit. */
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
  if (colon <= 0) throw new AppError('INVALID_CLIENT', 'Send the client credentials as Authorization: Basic base64(client_id:client_secret)');
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
};

/** The audience names the account: `<base>/v1/accounts/{aid}` (any host, as clients use two). */
const audienceAccount = (audience: string): string | undefined => {
  try {
    return /\/accounts\/([PT]\d{8})\/?$/.exec(new URL(audience).pathname)?.[1];
  } catch {
    return undefined;
  }
};

const tooManyRequests = (retryAfter: number, who: string) =>
  new AppError('TOO_MANY_REQUESTS', `Too many token requests from this ${who}; try again in ${retryAfter} s`, { headers: { 'retry-after': String(retryAfter) } });

/**
 * The spec's Limits: 429 with Retry-After when one source address or one client asks too often.
 * Every attempt counts, failed ones too (a guessed secret is an attempt).
 */
const takeRateLimits = (ctx: AppContext, address: string, clientId: string | undefined) => {
  const byAddress = ctx.tokenRateLimits.perAddress.take(address);
  if (byAddress !== undefined) throw tooManyRequests(byAddress, 'address');
  const byClient = clientId === undefined ? undefined : ctx.tokenRateLimits.perClient.take(`${clientId}`);
  if (byClient !== undefined) throw tooManyRequests(byClient, 'client');
};

const clientIdOf = (header: string | undefined): string | undefined => {
  try {
    return parseBasic(header).clientId;
  } catch {
    return undefined;
  }
};

/** OAuth 2 client-credentials grant: Basic client auth in, a scoped bearer JWT out. */
export const issueToken = async (ctx: AppContext, req: TokenRequest): Promise<TokenResponse> => {
  takeRateLimits(ctx, req.clientAddress, clientIdOf(req.authorization));
  if (req.grantType !== 'client_credentials') {
    throw new AppError('INVALID_GRANT', `grant_type "${req.grantType}" is not supported; use client_credentials`, { errors: [{ path: 'grant_type', message: 'unsupported grant type' }] });
  }
  const { clientId, clientSecret } = parseBasic(req.authorization);
  if (audienceAccount(req.audience) !== req.accountId) {
    throw new AppError('INVALID_AUDIENCE', `audience must be <base>/v1/accounts/${req.accountId}`, { errors: [{ path: 'audience', message: 'does not name this account' }] });
  }
  const client = await verifyClientSecret(ctx.database.db, req.accountId, clientId, clientSecret); // one hash and compare, known client or not
  if (!client) {
    throw new AppError('INVALID_CLIENT', 'Unknown client or wrong client secret for this account');
  }
  const scopes = parseStoredScopes(client.scopes);
  const ttl = ctx.env.KASSA_TOKEN_TTL_SECONDS;
  const accessToken = await ctx.tokens.sign({ accountId: client.account_id, subject: client.client_id, scopes }, req.audience, ttl);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl };
};
