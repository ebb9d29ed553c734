import { z } from 'zod';
import { issueToken } from '../../auth/issue-token';
import { clientAddress } from '../client-address';
import { AccountId, ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';

/**
 * Any grant_type and audience parse, so that the token endpoint answers in OAuth's terms (INVALID_GRANT,
 * INVALID_AUDIENCE); the document states the ones it takes: client_credentials, and `<origin>/v1/accounts/{aid}`
 * naming the account of the path.
 */
const TokenBody = z.strictObject({
  grant_type: z
    .string()
    .min(1)
    .meta({ enum: ['client_credentials'] }),
  audience: z.string().min(1).meta({
    format: 'uri',
    pattern: '^https?://[A-Za-z0-9.-]+(?::\\d{1,5})?/v1/accounts/[PT]\\d{8}$',
    description: 'The API base this token is for, `<origin>/v1/accounts/{aid}` with the `aid` of the path',
  }),
});
const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

export const authRoutes = [
  defineRoute({
    operationId: 'aid_auth_token_post',
    credential: { kind: 'access-token', act: 'issue' },
    method: 'POST',
    path: '/v1/accounts/{aid}/auth/token',
    summary: 'Get an access token (client credentials)',
    description:
      'Send `Authorization: Basic base64(client_id:client_secret)` and `{"grant_type":"client_credentials","audience":"<base>/v1/accounts/{aid}"}`.',
    tags: ['auth'],
    auth: 'none',
    params: z.object({ aid: AccountId }),
    headers: z.looseObject({ authorization: z.string().optional() }),
    body: TokenBody,
    responses: {
      200: { description: 'Access token', schema: TokenResponse },
      400: { description: 'Bad request', schema: ErrorBody },
      401: { description: 'Unknown client or wrong secret', schema: ErrorBody },
      429: {
        description:
          'Too many token requests from this address, or wrong secrets for this client from it or from every address',
        schema: ErrorBody,
        headers: { 'Retry-After': 'Seconds until a request would be accepted' },
      },
    },
    handle: async ({ ctx, params, headers, body, meta }) =>
      ok(
        await issueToken(ctx, {
          accountId: params.aid,
          authorization: headers.authorization,
          grantType: body.grant_type,
          audience: body.audience,
          clientAddress: clientAddress(meta, ctx.env.KASSA_TRUST_PROXY),
        }),
      ),
  }),
];
