import type { MerchantCredentials } from './ensure-demo-merchant';

/**
 * What `npm start` tells a person trying Kassa out (stderr), or nothing for a real deployment
 * (no demo store, a bootstrap merchant: whose secret is never printed). The demo merchant's
 * secret is shown only on the start that made it: it is stored hashed (ADR 029).
 */
export const startupBanner = (base: string, m: MerchantCredentials): string | undefined => {
  const demoAccount = m.demoStore?.accountId ?? (m.demo ? m.accountId : undefined);
  if (!demoAccount) return undefined;
  const clientId = m.demoStore?.clientId ?? m.clientId;
  const secret = m.newClientSecret;
  const lines = [
    ...(m.demoStore
      ? [`  Try a payment:   open ${base}/demo   (card 4111 1111 1111 1111, any future expiry, CVC 123)`]
      : []),
    `  API document:    ${base}/v1/openapi.json`,
    secret
      ? `  Demo merchant:   account ${demoAccount}  client_id ${clientId}  client_secret ${secret}   (shown this once: it is stored hashed)`
      : `  Demo merchant:   account ${demoAccount}  client_id ${clientId}  (its secret was shown when it was made; KASSA_DEMO_CLIENT_SECRET=<16+ characters> sets a new one)`,
    ...(m.demoStore ? [`  Demo orders:     ${base}/demo/orders  (log in with that client id and secret)`] : []),
    `  Get a token:     curl -s -u '${clientId}:${secret ?? '<client_secret>'}' -H 'content-type: application/json' \\`,
    `                     -d '{"grant_type":"client_credentials","audience":"${base}/v1/accounts/${demoAccount}"}' ${base}/v1/accounts/${demoAccount}/auth/token`,
    '',
  ];
  return lines.join('\n');
};

/**
 * The console's line (ADR 033): its address and the admin's e-mail with the password this start generated
 * (shown this once: it is stored hashed); without a new password only beside the quick start's banner (`always`).
 */
export const consoleBanner = (
  base: string,
  admin: { accountId: string; email: string; newPassword?: string; passwordChosen?: true } | undefined,
  always: boolean,
): string | undefined => {
  if (!admin || (!admin.newPassword && !always)) return undefined;
  const line = `  Console:         ${base}/console  account ${admin.accountId}  e-mail ${admin.email}`;
  if (admin.newPassword) return `${line}  password ${admin.newPassword}   (shown this once: it is stored hashed)\n`;
  if (admin.passwordChosen) return `${line}  (the password KASSA_CONSOLE_ADMIN_PASSWORD sets)\n`;
  return `${line}  (its password was shown when it was made; KASSA_CONSOLE_ADMIN_PASSWORD=<12+ characters> sets a new one)\n`;
};
