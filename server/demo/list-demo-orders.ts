import type { DemoOrderView } from '../../domain/demo-orders';
import type { AppContext } from '../app-context';
import { listDemoCallbacks } from './demo-callbacks';
import { demoOrderSessionIds } from './demo-orders';

type GiftCardParts = { masked_card_token?: string; amount?: number }[];

const giftCardsOf = (data: string): GiftCardParts | undefined => {
  try {
    const parsed = JSON.parse(data) as { gift_cards?: unknown };
    return Array.isArray(parsed.gift_cards) ? (parsed.gift_cards as GiftCardParts) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The store's orders: the sessions the demo created itself (demo_orders, ADR 029), newest first,
 * each with its transaction's amounts and every callback the store received for it.
 */
export const listDemoOrders = async (ctx: AppContext, accountId: string, limit = 30): Promise<DemoOrderView[]> => {
  const db = ctx.database.db;
  const own = await demoOrderSessionIds(db, accountId, limit);
  const rows = own.length
    ? await db
        .selectFrom('sessions')
        .select(['id', 'merchant_reference', 'created_at', 'amount', 'currency', 'status', 'transaction_id'])
        .where('account_id', '=', accountId)
        .where('id', 'in', own)
        .execute()
    : [];
  const sessions = own.flatMap((id) => rows.filter((r) => r.id === id));
  const ids = sessions.map((s) => s.id);
  const transactions = ids.length
    ? await db
        .selectFrom('transactions')
        .select([
          'id',
          'session_id',
          'status',
          'amount',
          'captured_amount',
          'refunded_amount',
          'voided_amount',
          'payment_product_type',
          'data',
          'created_at',
        ])
        .where('account_id', '=', accountId)
        .where('session_id', 'in', ids)
        .orderBy('created_at', 'desc')
        .execute()
    : [];
  const callbacks = await listDemoCallbacks(db, accountId, ids);
  return sessions.map((s) => {
    const tx = transactions.find((t) => t.id === s.transaction_id) ?? transactions.find((t) => t.session_id === s.id);
    const open = tx ? tx.amount - tx.captured_amount - tx.voided_amount : 0;
    return {
      session_id: s.id,
      merchant_reference: s.merchant_reference,
      created_at: s.created_at,
      amount: s.amount,
      currency: s.currency,
      session_status: s.status,
      ...(tx
        ? {
            transaction: {
              id: tx.id,
              status: tx.status,
              amount: tx.amount,
              captured_amount: tx.captured_amount,
              refunded_amount: tx.refunded_amount,
              voided_amount: tx.voided_amount,
              payment_product_type: tx.payment_product_type,
              ...(giftCardsOf(tx.data) ? { gift_cards: giftCardsOf(tx.data) } : {}),
            },
          }
        : {}),
      can: {
        capture:
          Boolean(tx) &&
          open > 0 &&
          ['AUTHORIZED', 'PARTIALLY_CAPTURED', 'PARTIALLY_CAPTURED_REFUNDED'].includes(tx!.status),
        refund: Boolean(tx) && tx!.captured_amount - tx!.refunded_amount > 0,
        void: Boolean(tx) && open > 0 && ['AUTHORIZED', 'ON_HOLD'].includes(tx!.status),
      },
      callbacks: callbacks
        .filter((c) => c.session_id === s.id)
        .map((c) => ({
          kind: c.kind,
          method: c.method,
          signature: c.signature,
          status: c.status,
          summary: c.summary,
          received_at: c.received_at,
        })),
    };
  });
};
