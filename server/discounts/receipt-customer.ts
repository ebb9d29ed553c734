import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { findLiveTokenForReceipt } from '../wallets/wallet-tokens';
import type { ReceiptInput } from './receipt-schemas';

/**
 * Whose purchase the receipt is: its customer_id, else the customer of the account's wallet card whose live
 * token is `customer.token.value` (not expired, not a used single-use token; every token a drawdown accepts, and
 * `DINTEROCARD:` for the default prefix `KASSACARD:`). Undefined otherwise: the receipt
 * then gets only the rules given to `/`.
 */
export const receiptCustomerId = async (
  ctx: AppContext,
  actor: Actor,
  receipt: ReceiptInput,
): Promise<string | undefined> => {
  if (receipt.customer_id) return receipt.customer_id;
  const token = (receipt.customer?.token as { value?: unknown } | undefined)?.value;
  if (typeof token !== 'string') return undefined;
  const row = await findLiveTokenForReceipt(ctx.database.db, actor.accountId, token);
  if (!row || (row.expires_after_transaction === 1 && row.used_at !== null)) return undefined;
  const card = await ctx.database.db
    .selectFrom('wallet_cards')
    .select('customer_id')
    .where('account_id', '=', actor.accountId)
    .where('id', '=', row.card_row_id)
    .executeTakeFirst();
  return card?.customer_id ?? undefined;
};
