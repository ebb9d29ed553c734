import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { walletCheckout } from '../support/wallet-checkout';
import { createCard } from '../support/wallets';

/**
 * Wallet gift cards that paid part of a checkout payment get their money back when the payment is
 * voided, cancelled or refunded (ADR 015): captures take the gift cards' part first, refunds go to
 * the payment card first, a void gives back what no capture took; the last card applied gets back
 * first. Never more than each card gave, never twice.
 */
const k = useKassa();
const { api } = k;
const { readySession, giftCards, byToken, tokenFor, balance, ledger, pay } = walletCheckout(k);

/** A payment of 399.00: card A pays 50.00, then card B 60.00, the payment card 289.00. */
const paidWithTwoCards = async () => {
  const a = await createCard(api, { amount: 5_000 });
  const b = await createCard(api, { amount: 6_000 });
  const id = await readySession();
  const applied = await giftCards(id, [byToken(await tokenFor(a.card_id)), byToken(await tokenFor(b.card_id))]);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const paid = await pay(id);
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  expect([await balance(a.card_id), await balance(b.card_id)]).toEqual([0, 0]);
  return { sessionId: id, txId: paid.body.transaction_id as string, a: a.card_id, b: b.card_id };
};
const balances = async (p: { a: string; b: string }) => [await balance(p.a), await balance(p.b)];
const op = (txId: string, what: 'capture' | 'refund' | 'void', amount?: number, headers: Record<string, string> = {}) =>
  api.post(`/v1/transactions/${txId}/${what}`, amount === undefined ? undefined : { amount }, headers);
const returnsTo = async (cardId: string, txId: string) =>
  (await ledger(cardId)).filter((e) => e.type === 'fund' && e.transaction_id === txId);

describe('wallet gift cards of a payment that is voided, cancelled or refunded', () => {
  it('a void of an uncaptured payment gives every card its part back, once, recorded on the card with the payment', async () => {
    const p = await paidWithTwoCards();
    const key = { 'idempotency-key': `void-${p.txId}` };
    const voided = await op(p.txId, 'void', undefined, key);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('AUTHORIZATION_VOIDED');
    expect(await balances(p)).toEqual([5_000, 6_000]);
    const [entry] = await returnsTo(p.a, p.txId);
    expect(entry).toMatchObject({ type: 'fund', amount: 5_000, balance_after: 5_000, transaction_id: p.txId });
    expect(await returnsTo(p.b, p.txId)).toHaveLength(1);
    // the same void again (replayed, or a new request refused) gives nothing more
    expect((await op(p.txId, 'void', undefined, key)).status).toBe(200);
    expect((await op(p.txId, 'void')).status).toBeGreaterThanOrEqual(400);
    expect(await balances(p)).toEqual([5_000, 6_000]);
  });

  it('cancelling the session of an authorized payment gives the cards back', async () => {
    const p = await paidWithTwoCards();
    const cancelled = await api.post(`/v1/sessions/${p.sessionId}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await balances(p)).toEqual([5_000, 6_000]);
  });

  it('refunds go to the payment card first, then to the cards, the last applied first', async () => {
    const p = await paidWithTwoCards();
    expect((await op(p.txId, 'capture', 39_900)).status).toBe(200);
    expect((await op(p.txId, 'refund', 20_000)).status).toBe(200); // within the payment card's 289.00
    expect(await balances(p)).toEqual([0, 0]);
    expect((await op(p.txId, 'refund', 10_000)).status).toBe(200); // 11.00 past it: card B's
    expect(await balances(p)).toEqual([0, 1_100]);
    const rest = await op(p.txId, 'refund', 9_900);
    expect(rest.body.status).toBe('REFUNDED');
    expect(await balances(p)).toEqual([5_000, 6_000]);
  });

  it('a partial capture takes the cards first, in the order applied; the void of the rest gives back what it did not take', async () => {
    const p = await paidWithTwoCards();
    expect((await op(p.txId, 'capture', 7_000)).status).toBe(200); // card A's 50.00 and 20.00 of card B's
    const voided = await op(p.txId, 'void');
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await balances(p)).toEqual([0, 4_000]);
    // refunding everything captured gives the rest back
    expect((await op(p.txId, 'refund', 7_000)).status).toBe(200);
    expect(await balances(p)).toEqual([5_000, 6_000]);
  });

  it('many refunds at once give the cards exactly their share, never more', async () => {
    const p = await paidWithTwoCards();
    expect((await op(p.txId, 'capture', 39_900)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => op(p.txId, 'refund', 3_990)));
    const refunded = answers.filter((r) => r.status === 200).length * 3_990;
    for (const r of answers) expect([200, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    const events = (await api.get(`/v1/transactions/${p.txId}`)).body.events as {
      event: string;
      success: boolean;
      amount: number;
    }[];
    expect(events.filter((e) => e.event === 'REFUND' && e.success).reduce((sum, e) => sum + e.amount, 0)).toBe(
      refunded,
    );
    expect(refunded).toBeGreaterThan(28_900); // some refunds reached the gift cards
    const giftBack = Math.min(Math.max(refunded - 28_900, 0), 11_000);
    const [a, b] = await balances(p);
    expect(a! + b!).toBe(giftBack);
    expect(b).toBe(Math.min(giftBack, 6_000)); // the last card applied first
  });
});
