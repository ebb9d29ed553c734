import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { assertOutboundUrlAllowed } from '../../callbacks/callback-url-policy';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { gatewayKeyring } from '../../secrets/gateway-keyring';
import {
  applySecretChanges,
  changeOf,
  readGatewaySecrets,
  sealGatewaySecret,
  sealedSecretsColumn,
  SECRET_MASK,
} from '../../secrets/gateway-secrets';
import { nowIso } from '../../shared/clock';
import { findSigningSecret } from '../../signature/signature-secrets';
import {
  AUTH_TOKEN,
  MAX_PAYMENT_APPS_PER_ACCOUNT,
  PAYMENT_APP,
  productTypeOf,
  readPaymentAppRow,
  type PaymentAppConfigInput,
  type PaymentAppConfigView,
} from './payment-app-config';

export const URL_FIELD = 'configuration.payment_app.url';
const AUTH_TOKEN_FIELD = `configuration.payment_app.${AUTH_TOKEN}`;

/** The `auth_token` of a PUT, sealed for this account and app (ADR 049); refused where this server has no key. */
const sealAuthToken = (ctx: AppContext, accountId: string, gateway: string, token: string): string => {
  const keyring = gatewayKeyring(ctx.env);
  if (!keyring.current)
    throw new AppError('INVALID_REQUEST', `auth_token cannot be stored: ${keyring.unsealable}`, {
      errors: [{ path: AUTH_TOKEN_FIELD, message: 'this server has no key to encrypt it with' }],
    });
  return sealGatewaySecret(keyring, accountId, gateway, AUTH_TOKEN, token);
};

export const paymentAppNotFound = (name: string): AppError =>
  new AppError('PAYMENT_APP_NOT_FOUND', `No payment app "${name}" is configured for this account`, {
    errors: [{ path: 'params.name', message: 'not configured' }],
  });

/**
 * Creates or replaces the account's payment app `name` (`payment_app.<name>`). Its URL passes the
 * outbound URL policy of callbacks (private addresses only where allowed; 400 INVALID_CALLBACK_URL
 * naming the field), and Kassa signs every request to it, so the account needs a signing secret first.
 * At most MAX_PAYMENT_APPS_PER_ACCOUNT apps per account. Nothing is stored when any check fails.
 * `auth_token` is sealed before it is stored (its own column, ADR 049): left out or masked, the stored one
 * stays; null removes it.
 */
export const configurePaymentApp = async (
  ctx: AppContext,
  actor: Actor,
  name: string,
  input: PaymentAppConfigInput,
): Promise<void> => {
  const { [AUTH_TOKEN]: authToken, ...config } = input;
  const url = assertOutboundUrlAllowed(ctx, actor.accountId, config.url, URL_FIELD);
  if (url.hash)
    throw new AppError('INVALID_REQUEST', 'url must not have a fragment (#...)', {
      errors: [{ path: URL_FIELD, message: 'no fragment' }],
    });
  if (!(await findSigningSecret(ctx.database.db, actor.accountId))) {
    throw new AppError(
      'INVALID_REQUEST',
      'Kassa signs every request to a payment app with the account signing secret: create one first (POST /v1/admin/signature)',
      {
        errors: [{ path: 'configuration.payment_app', message: 'the account has no signing secret' }],
      },
    );
  }
  const gateway = productTypeOf(name);
  const tokenChange = changeOf(authToken, (token) => sealAuthToken(ctx, actor.accountId, gateway, token));
  const now = nowIso();
  await inTransaction(ctx.database, async (trx) => {
    const others = await trx
      .selectFrom('gateway_settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', actor.accountId)
      .where('gateway', 'like', `${PAYMENT_APP}.%`)
      .where('gateway', '<>', gateway)
      .executeTakeFirstOrThrow();
    if (Number(others.n) >= MAX_PAYMENT_APPS_PER_ACCOUNT) {
      throw new AppError(
        'PAYMENT_APP_LIMIT_REACHED',
        `An account has at most ${MAX_PAYMENT_APPS_PER_ACCOUNT} payment apps; delete one first`,
        {
          errors: [{ path: 'params.name', message: 'too many payment apps' }],
        },
      );
    }
    const configuration = JSON.stringify(config);
    const stored = await readGatewaySecrets(trx, actor.accountId, gateway);
    const secrets = sealedSecretsColumn(applySecretChanges(stored, { [AUTH_TOKEN]: tokenChange }));
    await trx
      .insertInto('gateway_settings')
      .values({ account_id: actor.accountId, gateway, configuration, secrets, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['account_id', 'gateway']).doUpdateSet({ configuration, secrets, updated_at: now }),
      )
      .execute();
  });
};

/** The app's configuration, with its stored credential only as the mask (never opened here). */
export const getPaymentApp = async (ctx: AppContext, actor: Actor, name: string): Promise<PaymentAppConfigView> => {
  const row = await readPaymentAppRow(ctx.database.db, actor.accountId, name);
  if (!row) throw paymentAppNotFound(name);
  return { ...row.config, ...(row.secrets[AUTH_TOKEN] ? { auth_token: SECRET_MASK } : {}) };
};
