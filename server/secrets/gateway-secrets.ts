import type { Executor } from '../db/database';
import type { Keyring } from './keyring';
import { openSecret, sealSecret } from './seal';

/**
 * The credentials a gateway configuration stores (ADR 049), kept apart from its `configuration`: the row's
 * `secrets` column (migration 0039) is a JSON object of field name to sealed value (seal.ts), or null. A GET
 * shows each stored field as SECRET_MASK only; a PUT that sends the mask, or leaves the field out, keeps it.
 */
export type SealedSecrets = Readonly<Record<string, string>>;

export const SECRET_MASK = '********';

/** What a value is sealed for: it opens only for this account, gateway and field. */
export const gatewaySecretContext = (accountId: string, gateway: string, field: string): string =>
  `kassa.gateway_settings/${accountId}/${gateway}/${field}`;

export const parseSealedSecrets = (column: string | null | undefined): SealedSecrets =>
  column ? (JSON.parse(column) as SealedSecrets) : {};

/** The column's text: the fields in name order, or null when there are none. */
export const sealedSecretsColumn = (secrets: SealedSecrets): string | null => {
  const names = Object.keys(secrets).sort();
  return names.length ? JSON.stringify(Object.fromEntries(names.map((n) => [n, secrets[n]]))) : null;
};

/** What a PUT says of one field: a new value (sealed already), null to remove it, undefined to keep it. */
export type SecretChange = string | null | undefined;

/** A PUT's field, as a change: the mask and an absent field keep what is stored. */
export const changeOf = (value: string | null | undefined, seal: (plaintext: string) => string): SecretChange =>
  value === undefined || value === SECRET_MASK ? undefined : value === null ? null : seal(value);

export const applySecretChanges = (stored: SealedSecrets, changes: Record<string, SecretChange>): SealedSecrets => {
  const next: Record<string, string> = { ...stored };
  for (const [field, change] of Object.entries(changes)) {
    if (change === null) delete next[field];
    else if (change !== undefined) next[field] = change;
  }
  return next;
};

export const sealGatewaySecret = (
  keyring: Keyring,
  accountId: string,
  gateway: string,
  field: string,
  plaintext: string,
): string => sealSecret(keyring, plaintext, gatewaySecretContext(accountId, gateway, field));

/** The plaintext of a stored field, or undefined when none is stored; a SecretsError when it does not open. */
export const openGatewaySecret = (
  keyring: Keyring,
  accountId: string,
  gateway: string,
  stored: SealedSecrets,
  field: string,
): string | undefined => {
  const sealed = stored[field];
  return sealed === undefined
    ? undefined
    : openSecret(keyring, sealed, gatewaySecretContext(accountId, gateway, field));
};

/** The row's sealed secrets (none when there is no row). */
export const readGatewaySecrets = async (
  exec: Executor,
  accountId: string,
  gateway: string,
): Promise<SealedSecrets> => {
  const row = await exec
    .selectFrom('gateway_settings')
    .select('secrets')
    .where('account_id', '=', accountId)
    .where('gateway', '=', gateway)
    .executeTakeFirst();
  return parseSealedSecrets(row?.secrets);
};
