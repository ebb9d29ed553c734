import type { KassaFixture } from './fixtures';
import { ApiClient } from './api-client';
import { ACCOUNT } from './test-server';

export const WALLETS = `/v1/accounts/${ACCOUNT}/wallets`;
export const otherWallets = (account: string) => `/v1/accounts/${account}/wallets`;

let seq = 0;
export const uniqueId = (prefix = 'card') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export { clientWithScopes } from './fixtures';

/** Creates a card through the API (expects 200). */
export const createCard = async (api: ApiClient, body: Record<string, unknown> = {}) => {
  const res = await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', ...body });
  if (res.status !== 200) throw new Error(`card not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { card_id: string; id: string; amount_balance: number };
};

/** What is stored for the test account's wallets: every card, ledger entry and token (to show a refused request changed nothing). */
export const walletState = async (k: Pick<KassaFixture, 'db'>) => ({
  cards: await k.db().selectFrom('wallet_cards').selectAll().orderBy('id').execute(),
  ledger: await k.db().selectFrom('wallet_transactions').selectAll().orderBy('id').execute(),
  tokens: await k.db().selectFrom('wallet_tokens').selectAll().orderBy('id').execute(),
  sessionTokens: await k
    .db()
    .selectFrom('wallet_session_tokens')
    .selectAll()
    .orderBy('session_id')
    .orderBy('card_row_id')
    .execute(),
});

/**
 * Moves a card's expires_at into the past where it is stored: waiting for a short expiry would race a
 * create that a slow machine may not finish before it.
 */
export const expireCard = (k: Pick<KassaFixture, 'db'>, cardId: string) =>
  k
    .db()
    .updateTable('wallet_cards')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('account_id', '=', ACCOUNT)
    .where('card_id', '=', cardId)
    .execute();
