import type { Database } from '../db/database';
import { parseSealedSecrets, sealedSecretsColumn, gatewaySecretContext, type SealedSecrets } from './gateway-secrets';
import { SecretsError, type Keyring } from './keyring';
import { openSecret, sealSecret, sealedKeyId } from './seal';

export interface ResealReport {
  /** Values sealed again with the current key. */
  resealed: number;
  /** Values that were sealed with the current key already. */
  current: number;
  /** Rows a PUT changed while they were resealed, left to that PUT: run it again. */
  changedMeanwhile: number;
  /** Values that did not open with any key of the keyring: where, and why (key ids only, never a value). */
  failed: { account_id: string; gateway: string; field: string; reason: string }[];
}

/**
 * Key rotation's middle step (ADR 049): every sealed gateway credential that is not sealed with the keyring's
 * current key is opened (with a previous key) and sealed again with the current one. A row is written only if
 * its `secrets` are still what was read, so a PUT meanwhile wins (its values are sealed with the current key of
 * its process). Safe to run again; a value that does not open is left as it is and reported. Once `failed` is
 * empty and `current` counts every value, the previous keys can be dropped.
 */
export const resealGatewaySecrets = async (database: Database, keyring: Keyring): Promise<ResealReport> => {
  const current = keyring.current;
  if (!current) throw new SecretsError(keyring.unsealable ?? 'no key to seal with');
  const report: ResealReport = { resealed: 0, current: 0, changedMeanwhile: 0, failed: [] };
  const rows = await database.db
    .selectFrom('gateway_settings')
    .select(['account_id', 'gateway', 'secrets'])
    .where('secrets', 'is not', null)
    .orderBy('account_id')
    .orderBy('gateway')
    .execute();
  for (const row of rows) {
    const next: Record<string, string> = {};
    let changed = 0;
    for (const [field, sealed] of Object.entries(parseSealedSecrets(row.secrets))) {
      next[field] = sealed;
      const context = gatewaySecretContext(row.account_id, row.gateway, field);
      try {
        if (sealedKeyId(sealed) === current.id) {
          report.current += 1;
          continue;
        }
        next[field] = sealSecret(keyring, openSecret(keyring, sealed, context), context);
        changed += 1;
      } catch (err) {
        if (!(err instanceof SecretsError)) throw err;
        report.failed.push({ account_id: row.account_id, gateway: row.gateway, field, reason: err.message });
      }
    }
    if (!changed) continue;
    if (await writeIfUnchanged(database, row, next)) report.resealed += changed;
    else report.changedMeanwhile += 1;
  }
  return report;
};

const writeIfUnchanged = async (
  database: Database,
  row: { account_id: string; gateway: string; secrets: string | null },
  next: SealedSecrets,
): Promise<boolean> => {
  const updated = await database.db
    .updateTable('gateway_settings')
    .set({ secrets: sealedSecretsColumn(next) })
    .where('account_id', '=', row.account_id)
    .where('gateway', '=', row.gateway)
    .where('secrets', '=', row.secrets)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
};
