import { z } from 'zod';
import { configurePaymentApp, getPaymentApp } from '../../providers/payment-app/configure-payment-app';
import {
  PaymentAppConfigInput,
  PaymentAppConfigView,
  PaymentAppName,
} from '../../providers/payment-app/payment-app-config';
import { removePaymentApp } from '../../providers/payment-app/remove-payment-app';
import { settleCustomerAction } from '../../payments';
import { SessionIdParams } from '../../sessions/session-schemas';
import { ErrorBody, ResourceId } from '../../shared/schemas';
import { defineRoute, ok, redirect } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const SCOPES = ['admin:checkout', 'write:checkout:/admin/gateways'] as const;
const Params = z.object({
  name: PaymentAppName.describe("The app's name: its payment product type is `payment_app.<name>`"),
});
const Body = z.strictObject({ configuration: z.strictObject({ payment_app: PaymentAppConfigInput }) });
const description =
  'A payment app is an HTTP service of yours that Kassa calls to authorize, complete a customer action, capture, refund, void and ask the status of an operation, signed with the account signing secret (docs/payment-app.md). Sessions offer it as `payment_app.<name>`. Its `auth_token`, when set, is stored encrypted and read back only as `********`.';

export const paymentAppRoutes = [
  defineRoute({
    operationId: 'admin_gateway_payment_app_put',
    method: 'PUT',
    path: '/v1/admin/gateways/payment_app/{name}',
    summary: 'Configure a payment app',
    description: `${description} The URL passes the same outbound policy as callback URLs; the account needs a signing secret first.`,
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    params: Params,
    body: Body,
    responses: {
      204: { description: 'Saved' },
      ...INVALID_REQUEST,
      ...AUTH_ERRORS,
      409: {
        description: 'PAYMENT_APP_LIMIT_REACHED: the account has as many apps as it may; delete one first',
        schema: ErrorBody,
      },
    },
    handle: async ({ ctx, actor, params, body }) => {
      await configurePaymentApp(ctx, actor, params.name, body.configuration.payment_app);
      return { status: 204 };
    },
  }),
  defineRoute({
    operationId: 'admin_gateway_payment_app_get',
    method: 'GET',
    path: '/v1/admin/gateways/payment_app/{name}',
    summary: 'Read a payment app configuration',
    description,
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    params: Params,
    responses: {
      200: {
        description: 'The configuration',
        schema: z.object({ configuration: z.object({ payment_app: PaymentAppConfigView }) }),
      },
      ...AUTH_ERRORS,
      ...NOT_FOUND,
    },
    handle: async ({ ctx, actor, params }) =>
      ok({ configuration: { payment_app: await getPaymentApp(ctx, actor, params.name) } }),
  }),
  defineRoute({
    operationId: 'admin_gateway_payment_app_delete',
    method: 'DELETE',
    path: '/v1/admin/gateways/payment_app/{name}',
    summary: 'Delete a payment app',
    description: `${description} Deleted, it is no longer offered and its transactions can no longer be captured, refunded or voided (503); PUT it with \`enabled: false\` to stop offering it only.`,
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    params: Params,
    responses: { 204: { description: 'Deleted' }, ...AUTH_ERRORS, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => {
      await removePaymentApp(ctx, actor, params.name);
      return { status: 204 };
    },
  }),
  defineRoute({
    operationId: 'checkout_customer_action_return_get',
    method: 'GET',
    path: '/v1/view/{session_id}/payments/{transaction_id}/return',
    summary:
      "The shopper is back from a provider's own page (a payment app's customer action): 302 back to the checkout with `payment` (and `payment_error` when it did not pay)",
    description:
      'The `return_url` Kassa gives a payment app. Kassa asks the app what was decided (never this URL, which takes no query parameters), records the attempt like any other and sends the shopper back to the checkout page. An attempt already decided is left alone.',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams.extend({ transaction_id: ResourceId }),
    responses: {
      302: {
        description: 'Back to the checkout page',
        headers: { location: 'The checkout page with `payment` and `payment_error`' },
      },
      400: { description: 'The payment does not wait for a page of this kind', schema: ErrorBody },
      404: { description: 'No such payment on this session', schema: ErrorBody },
    },
    handle: async ({ ctx, params, meta }) =>
      redirect(await settleCustomerAction(ctx, params.session_id, params.transaction_id, undefined, undefined, meta)),
  }),
];
