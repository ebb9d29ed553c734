import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { cardTransaction, eventsOf } from '../support/transaction-helpers';

/**
 * Issue 28 item 9: each declining test card gives its own reason. The merchant reads it in the transaction's
 * AUTHORIZE error (code, error_code, type, retry policy), as for the existing declines; the shopper's page gets it
 * in the pay answer (actions[0].code, error_details) to say what happened, except that a card reported lost or
 * stolen is, to whoever holds it, `card_declined` like any other refusal by the bank.
 */
const { api, customer } = useKassa();

describe('the sandbox test cards that decline', () => {
  it.each([
    // card, the transaction's reason, what the page hears, the error's types, whether another try may work
    ['4000000000000002', 'card_declined', 'card_declined', ['DECLINED'], false],
    ['4000000000009995', 'insufficient_funds', 'insufficient_funds', ['DECLINED', 'INSUFFICIENT_FUNDS'], true],
    ['4000000000000069', 'expired_card', 'expired_card', ['DECLINED'], false],
    ['4000000000009987', 'lost_card', 'card_declined', ['DECLINED'], false],
    ['4000000000009979', 'stolen_card', 'card_declined', ['DECLINED'], false],
  ] as const)('%s: %s (the page hears %s)', async (card, reason, shopperCode, type, retryable) => {
    const { transactionId, pay } = await cardTransaction(api, customer, { card });
    const category = retryable ? 'temporary' : 'permanent';
    expect(pay).toMatchObject({
      success: false,
      error: 'Rejected',
      actions: [{ code: shopperCode, type: 'error' }],
      error_details: [{ code: shopperCode, category }],
    });
    if (reason !== shopperCode) expect(JSON.stringify(pay)).not.toContain(reason);

    const tx = (await api.get(`/v1/transactions/${transactionId}`)).body;
    expect(tx.status).toBe('DECLINED');
    const failed = (await eventsOf(api, transactionId)).filter((e) => e.event === 'AUTHORIZE' && !e.success);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toEqual({
      code: reason,
      message: expect.any(String),
      error_code: reason,
      type,
      retry_policy: { retry_codes: [retryable ? 'RETRY_IMMEDIATELY' : 'DO_NOT_RETRY'] },
    });
    expect(failed[0]!.retry_policy).toEqual({ retryable });
    expect(tx.card).toMatchObject({ masked_pan: `${'*'.repeat(12)}${card.slice(-4)}`, country: 'NOR' });
  });
});
