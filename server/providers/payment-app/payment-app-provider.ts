import type { z } from 'zod';
import type { LookupFn } from '../../callbacks/callback-url-policy';
import type { Env } from '../../config/env';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { minorUnits } from '../../../domain/money';
import { gatewayKeyring, type SecretsEnv } from '../../secrets/gateway-keyring';
import { openGatewaySecret } from '../../secrets/gateway-secrets';
import { SecretsError } from '../../secrets/keyring';
import { findSigningSecret } from '../../signature/signature-secrets';
import type {
  ApprovedPayment,
  AuthorizeAnswer,
  AuthorizeRequest,
  CustomerActionAnswer,
  OperationOutcome,
  OperationRequest,
  OperationStatus,
  PaymentProduct,
  PaymentProvider,
} from '../port';
import {
  AuthorizationStatusAppAnswer,
  AuthorizeAppAnswer,
  CompleteAppAnswer,
  OperationAppAnswer,
  StatusAppAnswer,
  TransactionStatusAppAnswer,
  type AppMethod,
  type StatusAppAnswer as StatusAnswer,
  type CompleteAppAnswer as Decided,
} from './app-protocol';
import { ProviderOutcomeUnknown } from '../provider-errors';
import { appUnavailable, callPaymentApp, type AppTarget } from './call-payment-app';
import {
  AUTH_TOKEN,
  PAYMENT_APP,
  appNameOf,
  listPaymentApps,
  productOf,
  readPaymentApp,
  readPaymentAppRow,
  type PaymentAppConfig,
} from './payment-app-config';

/** The payment-app provider: its products exist per account (each configured app is one). */
/** The app's status answer, as the port names it. */
const STATUS = { done: 'DONE', pending: 'PENDING', failed: 'FAILED', unknown: 'UNKNOWN' } as const satisfies Record<
  StatusAnswer['result'],
  OperationStatus
>;

const OPERATION_KIND = { capture: 'CAPTURE', refund: 'REFUND', void: 'VOID' } as const;

export interface PaymentAppProvider extends PaymentProvider {
  /** The account's enabled apps as products (what a session may offer). */
  productsFor(accountId: string, exec?: Executor): Promise<readonly PaymentProduct[]>;
  /** One app's product, enabled or not (what its transactions can do); undefined when not configured. */
  productFor(accountId: string, productType: string, exec?: Executor): Promise<PaymentProduct | undefined>;
}

export interface PaymentAppDeps {
  database: Database;
  /** With the secrets' variables, the keyring that opens the apps' `auth_token` (ADR 049); without, none opens. */
  env: Pick<Env, 'KASSA_ALLOW_PRIVATE_CALLBACKS'> & Partial<SecretsEnv>;
  lookup?: LookupFn;
}

/** An app's configuration and its opened credential, for one call. */
type CalledApp = PaymentAppConfig & { authToken?: string };

const decided = (answer: Decided): AuthorizeAnswer =>
  answer.result === 'approved'
    ? {
        outcome: 'APPROVED',
        providerReference: answer.provider_reference,
        ...(answer.provider_data ? { providerData: answer.provider_data } : {}),
      }
    : { outcome: 'DECLINED', code: answer.code, message: answer.message, retryable: answer.retryable };

/** The approval's `provider_reference` and `provider_data` the app gave, sent back with each later call. */
const approvedFields = (req: ApprovedPayment) => ({
  ...(req.providerReference ? { provider_reference: req.providerReference } : {}),
  ...(req.providerData ? { provider_data: req.providerData } : {}),
});

/**
 * Every `payment_app.<name>` product type: an HTTP service of the merchant's (docs/payment-app.md),
 * configured per account (PUT /v1/admin/gateways/payment_app/{name}). Each call reads the app's
 * configuration and the account's signing secret, then POSTs to the app (call-payment-app.ts). An app
 * that is not configured, not reachable or not understood is AppError('PROVIDER_UNAVAILABLE'): not
 * reached when nothing was sent, `ProviderOutcomeUnknown` once it was (provider-errors.ts).
 */
export const createPaymentAppProvider = (deps: PaymentAppDeps): PaymentAppProvider => {
  // read at startup, so a key file that cannot be read fails the start, not a payment
  const keyring = gatewayKeyring(deps.env);
  const configOf = async (accountId: string, productType: string): Promise<CalledApp> => {
    const name = appNameOf(productType);
    const row = name ? await readPaymentAppRow(deps.database.db, accountId, name) : undefined;
    if (!row) throw appUnavailable(`${productType} is not configured for ${accountId}`);
    try {
      return { ...row.config, authToken: openGatewaySecret(keyring, accountId, productType, row.secrets, AUTH_TOKEN) };
    } catch (err) {
      if (!(err instanceof SecretsError)) throw err;
      throw appUnavailable(`${productType}: its ${AUTH_TOKEN} cannot be decrypted: ${err.message}`);
    }
  };
  const call = async <S extends z.ZodType>(
    accountId: string,
    config: CalledApp,
    method: AppMethod,
    body: Record<string, unknown>,
    schema: S,
  ): Promise<z.output<S>> => {
    const secret = await findSigningSecret(deps.database.db, accountId);
    if (!secret) throw appUnavailable(`${accountId} has no signing secret`);
    const target: AppTarget = {
      accountId,
      url: config.url,
      timeoutMs: config.timeout_ms,
      secret: secret.secret,
      authToken: config.authToken,
    };
    return callPaymentApp(
      { env: deps.env, lookup: deps.lookup },
      target,
      method,
      { account_id: accountId, ...body },
      schema,
    );
  };
  const operation =
    (method: 'capture' | 'refund' | 'void') =>
    async (req: OperationRequest): Promise<OperationOutcome> => {
      const config = await configOf(req.accountId, req.productType);
      const body = {
        product_type: req.productType,
        transaction_id: req.transactionId,
        operation_id: req.operationId,
        amount: req.amount,
        currency: req.currency,
        exponent: req.exponent,
        ...approvedFields(req),
        ...(req.items?.length ? { items: req.items } : {}),
      };
      const answer = await call(req.accountId, config, method, body, OperationAppAnswer);
      return answer.result === 'pending' ? 'PENDING' : 'DONE';
    };

  return {
    name: PAYMENT_APP,
    products: [],
    async productsFor(accountId, exec = deps.database.db) {
      return (await listPaymentApps(exec, accountId))
        .filter((a) => a.config.enabled)
        .map((a) => productOf(a.name, a.config));
    },
    async productFor(accountId, productType, exec = deps.database.db) {
      const name = appNameOf(productType);
      const config = name ? await readPaymentApp(exec, accountId, name) : undefined;
      return name && config ? productOf(name, config) : undefined;
    },
    async authorize(req: AuthorizeRequest): Promise<AuthorizeAnswer | CustomerActionAnswer> {
      const config = await configOf(req.accountId, req.productType);
      if (!config.enabled)
        throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${req.productType} is switched off for this account`);
      const body = {
        product_type: req.productType,
        transaction_id: req.transactionId,
        amount: req.amount,
        currency: req.currency,
        exponent: req.exponent,
        return_url: req.returnUrl,
        ...(req.applicant ? { applicant: req.applicant } : {}),
      };
      const answer = await call(req.accountId, config, 'authorize', body, AuthorizeAppAnswer);
      if (answer.result !== 'customer_action') return decided(answer);
      if (!config.capabilities.customer_action)
        throw new ProviderOutcomeUnknown(
          'payment app: authorize: customer_action, but the app is configured without customer actions',
        );
      return { outcome: 'CUSTOMER_ACTION', url: answer.url, state: answer.state };
    },
    async completeCustomerAction(req) {
      const config = await configOf(req.accountId, req.productType);
      const body = { product_type: req.productType, transaction_id: req.transactionId, state: req.state };
      return decided(await call(req.accountId, config, 'completeCustomerAction', body, CompleteAppAnswer));
    },
    /** `pending`: not decided yet; `unknown`: the app never received the authorization (nothing was authorized). */
    async authorizationStatus(req) {
      const config = await configOf(req.accountId, req.productType);
      const body = { product_type: req.productType, transaction_id: req.transactionId };
      const answer = await call(req.accountId, config, 'authorizationStatus', body, AuthorizationStatusAppAnswer);
      if (answer.result === 'pending') return { outcome: 'PENDING' };
      if (answer.result === 'unknown') return { outcome: 'UNKNOWN' };
      return decided(answer);
    },
    capture: operation('capture'),
    refund: operation('refund'),
    void: operation('void'),
    async operationStatus(req) {
      const config = await configOf(req.accountId, req.productType);
      const answer = await call(
        req.accountId,
        config,
        'status',
        {
          product_type: req.productType,
          operation_id: req.operationId,
          ...(req.transactionId ? { transaction_id: req.transactionId } : {}),
          ...approvedFields(req),
        },
        StatusAppAnswer,
      );
      return STATUS[answer.result];
    },
    async transactionState(req) {
      const config = await configOf(req.accountId, req.productType);
      const body = { product_type: req.productType, transaction_id: req.transactionId, ...approvedFields(req) };
      const answer = await call(req.accountId, config, 'transactionStatus', body, TransactionStatusAppAnswer);
      return {
        operations: answer.operations.map((o) => ({
          operationId: o.operation_id,
          kind: OPERATION_KIND[o.kind],
          amount: minorUnits(o.amount),
          status: o.status === 'done' ? ('DONE' as const) : ('PENDING' as const),
        })),
      };
    },
  };
};
