import { z } from 'zod';
import { getViewSession } from '../../sessions/get-view-session';
import { lockSession } from '../../sessions/lock-session';
import { PaymentResponseSchema, PaySessionBody, paySession } from '../../payments';
import { SessionIdParams, ViewQuery, ViewSessionSchema } from '../../sessions/session-schemas';
import { ErrorBody } from '../../shared/schemas';
import { checkoutPageUrl } from '../../sessions/checkout-page-url';
import { checkoutCookieHeader, openCheckoutCookie } from '../checkout-cookie';
import { clientAddress } from '../client-address';
import { PAY_LIMITED } from './common-responses';
import { defineRoute, ok, redirect } from '../route';
import { ViewWriteHeaders } from '../../view/view-schemas';

const notFound = { description: 'Session not found, or no longer payable (`error.cause` says why)', schema: ErrorBody };

export const viewRoutes = [
  defineRoute({
    operationId: 'checkout_sid_get',
    method: 'GET',
    path: '/v1/view/{session_id}',
    summary: 'Open the hosted checkout (302 to the checkout page with `sid`)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams,
    query: ViewQuery,
    responses: {
      302: { description: 'Redirect to the checkout page', headers: { location: 'The checkout page URL' } },
      400: { description: 'Invalid session id', schema: ErrorBody },
    },
    handle: async ({ params, query, meta }) =>
      redirect(checkoutPageUrl(meta.baseUrl, params.session_id, query as Record<string, string | string[]>)),
  }),
  defineRoute({
    operationId: 'checkout_sid_json_get',
    method: 'GET',
    path: '/v1/view/{session_id}/session',
    summary: 'The masked session the checkout page renders',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams,
    // the sealed checkout cookie (the page's own, set by this operation) is read from the raw headers: not a parameter
    headers: z.looseObject({
      'viewer-country': z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
        .optional()
        .describe('Where the shopper is: payment types the configuration limits to other countries are left out'),
    }),
    responses: {
      200: {
        description: 'Session details',
        schema: ViewSessionSchema,
        headers: { 'set-cookie': 'The checkout browser session (sealed)' },
      },
      400: { description: 'Invalid Viewer-Country', schema: ErrorBody },
      404: notFound,
    },
    handle: async ({ ctx, params, headers, meta }) => {
      const cookie = await openCheckoutCookie(meta.headers.cookie, ctx.cookiePassword);
      const firstVisit = !cookie.visited.includes(params.session_id);
      const viewerCountry = headers['viewer-country']?.toUpperCase();
      const visitor = {
        customer_ip: clientAddress(meta, ctx.env.KASSA_TRUST_PROXY),
        ...(meta.headers['user-agent'] ? { user_agent: meta.headers['user-agent'].slice(0, 512) } : {}),
      };
      const view = await getViewSession(ctx, params.session_id, {
        firstVisit,
        meta,
        visitor,
        ...(viewerCountry ? { viewerCountry } : {}),
      });
      if (!firstVisit) return ok(view);
      return ok(view, {
        'set-cookie': await checkoutCookieHeader(
          { visited: [...cookie.visited, params.session_id] },
          ctx.cookiePassword,
          meta.baseUrl,
        ),
      });
    },
  }),
  defineRoute({
    operationId: 'checkout_sid_pay_post',
    method: 'POST',
    path: '/v1/sessions/{session_id}/pay',
    summary: 'Pay the session (called by the hosted page; no authentication)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams,
    headers: ViewWriteHeaders,
    body: PaySessionBody,
    responses: {
      200: { description: 'Payment result; `success:false` with `error` when declined', schema: PaymentResponseSchema },
      400: { description: 'Invalid card details, or the session cannot be paid', schema: ErrorBody },
      404: notFound,
      409: { description: 'Another payment of this session is in progress', schema: ErrorBody },
      412: {
        description: "`If-Unmodified-Since` does not match the session's `updated_at` or `version`",
        schema: ErrorBody,
      },
      429: PAY_LIMITED,
    },
    handle: async ({ ctx, params, headers, body, meta }) =>
      ok(
        await paySession(
          ctx,
          params.session_id,
          body,
          headers['if-unmodified-since'],
          meta,
          clientAddress(meta, ctx.env.KASSA_TRUST_PROXY),
        ),
      ),
  }),
  defineRoute({
    operationId: 'checkout_sid_json_lock_post',
    method: 'POST',
    path: '/v1/view/{session_id}/session/lock',
    summary: 'Lock an express session while the merchant updates it (a locked session cannot be paid)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams,
    headers: ViewWriteHeaders,
    body: z.strictObject({}),
    bodyOptional: true,
    responses: {
      200: { description: 'The lock', schema: z.object({ pay_lock: z.object({ pay_lock_id: z.string() }) }) },
      400: { description: 'Not an express session, or not payable', schema: ErrorBody },
      404: notFound,
      412: { description: '`If-Unmodified-Since` does not match', schema: ErrorBody },
    },
    handle: async ({ ctx, params, headers, meta }) =>
      ok(await lockSession(ctx, params.session_id, headers['if-unmodified-since'], meta)),
  }),
];
