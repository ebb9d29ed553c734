import 'server-only';
import { getKassa } from '../http/kassa-singleton';
import { readSandboxPageState, SANDBOX_PAGES } from '../providers/sandbox/pages';
import type { CustomerActionPage } from '../../domain/view-types';

/** What the sandbox's 3-D Secure or wallet page shows for one attempt (undefined: no such attempt of that kind). */
export const loadCustomerAction = async (
  transactionId: string,
  kind: '3ds' | 'wallet',
): Promise<CustomerActionPage | undefined> => {
  const { ctx } = await getKassa();
  const tx = await ctx.database.db
    .selectFrom('transactions')
    .innerJoin('accounts', 'accounts.id', 'transactions.account_id')
    .select([
      'transactions.session_id',
      'transactions.status',
      'transactions.amount',
      'transactions.currency',
      'transactions.pending_action',
      'transactions.payment_product_type',
      'transactions.data',
      'accounts.name',
    ])
    .where('transactions.id', '=', transactionId)
    .executeTakeFirst();
  if (!tx || tx.payment_product_type !== SANDBOX_PAGES[kind]) return undefined;
  const action = readSandboxPageState(tx.pending_action);
  const session = await ctx.database.db
    .selectFrom('sessions')
    .select(['configuration'])
    .where('id', '=', tx.session_id)
    .executeTakeFirst();
  const configured = session
    ? (JSON.parse(session.configuration) as { merchant?: { name?: string } }).merchant?.name
    : undefined;
  return {
    kind,
    open: tx.status === 'INITIATED' && action?.type === kind,
    sessionId: tx.session_id,
    // what this payment takes: the order less what gift cards pay (`card_amount`), else the whole amount
    amount: (JSON.parse(tx.data) as { card_amount?: number }).card_amount ?? tx.amount,
    currency: tx.currency,
    merchantName: configured ?? tx.name,
    ...(action?.type === '3ds' ? { maskedPan: action.card.masked_pan } : {}),
  };
};
