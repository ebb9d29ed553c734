import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { forUpdate, inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { claimNotFound, readClaim } from './claim-repository';
import type { ClaimView } from './claim-schemas';

/** Releases a claim: its usage no longer counts against the limits. Returns it; a released claim is not found. */
export const releaseDiscountClaim = async (ctx: AppContext, actor: Actor, claimId: string): Promise<ClaimView> =>
  inTransaction(ctx.database, async (trx) => {
    const q = trx
      .selectFrom('discount_claims')
      .selectAll()
      .where('account_id', '=', actor.accountId)
      .where('id', '=', claimId)
      .where('released_at', 'is', null);
    const row = await forUpdate(ctx.database, q).executeTakeFirst();
    if (!row) throw claimNotFound(claimId);
    await trx.updateTable('discount_claims').set({ released_at: nowIso() }).where('id', '=', row.id).execute();
    await trx.updateTable('discount_claim_usages').set({ released: 1 }).where('claim_id', '=', row.id).execute();
    return readClaim(row);
  });
