import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW, worstCaseItems, worstCaseReceipt, worstCaseRules } from '../../bench/discount-worst-case';
import { discountEvaluations } from '../../server/discounts/run-in-slices';
import { createOpsHandler } from '../../server/observability/ops-endpoints';
import { ACCOUNT } from '../support/test-server';
import { useKassa } from '../support/fixtures';

/**
 * Issue 24 item 5: available_for_receipt bounds its work (rules × items, matchers per rule) and never holds the
 * event loop while it evaluates (ADR 031). /healthz is served on this test's event loop, which is the server's.
 */
const { srv, api } = useKassa();

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const available = (body: unknown) => api.post(`${BASE}/available_for_receipt`, body);

const ruleFor = async (customer: string, body: Record<string, unknown>): Promise<string> => {
  const created = await api.post(`${BASE}/rules`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers: [customer] })).status).toBe(200);
  return created.body.id;
};

let healthz: http.Server;
let healthzUrl = '';
beforeAll(async () => {
  healthz = http.createServer((req, res) => void createOpsHandler(srv.kassa.ctx.database, srv.kassa.metrics)(req, res));
  await new Promise<void>((resolve) => healthz.listen(0, '127.0.0.1', resolve));
  healthzUrl = `http://127.0.0.1:${(healthz.address() as AddressInfo).port}/healthz`;
});
afterAll(() => new Promise<void>((resolve) => healthz.close(() => resolve())));

describe('available_for_receipt: bounded work', () => {
  it('refuses a receipt whose items × rules pass 50 000 with 400 naming the limit; at the limit it answers', async () => {
    const customer = uniqueId('many');
    for (let n = 0; n < 51; n++)
      await ruleFor(customer, { requirement: WINDOW, reward: { type: 'discount_amount', value: 1 } });
    const over = await available(worstCaseReceipt(1000, { customer_id: customer }));
    expect(over.status, JSON.stringify(over.body).slice(0, 500)).toBe(400);
    expect(over.body.error.code).toBe('INVALID_REQUEST');
    expect(over.body.error.message).toMatch(/50000 rule-item pairs/);
    expect(over.body.error.errors).toEqual([
      expect.objectContaining({ path: 'items', message: expect.stringMatching(/at most 980 items/) }),
    ]);

    const at = await available({ ...worstCaseReceipt(980), customer_id: customer }); // 51 × 980 = 49 980
    expect(at.status, JSON.stringify(at.body).slice(0, 500)).toBe(200);
    expect(at.body.discounts).toHaveLength(51);
  });

  it('does not count rules whose purchase window does not contain purchase_at', async () => {
    const customer = uniqueId('window');
    for (let n = 0; n < 51; n++)
      await ruleFor(customer, {
        requirement: { purchase_from: '2025-01-01T00:00:00Z', purchase_to: '2025-02-01T00:00:00Z' },
        reward: { type: 'discount_amount', value: 1 },
      });
    await ruleFor(customer, { requirement: WINDOW, reward: { type: 'discount_amount', value: 1 } });
    const res = await available(worstCaseReceipt(1000, { customer_id: customer }));
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.discounts).toHaveLength(1);
  });

  it('refuses a rule with more than 1000 item matchers in all (items, mixes, reward.values, blacklist), naming the limit', async () => {
    const matchers = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ id: `${tag}-${i}` }));
    const body = {
      requirement: { ...WINDOW, item: { items: matchers(500, 'i') } },
      reward: { type: 'discount_amount', value: 1, values: [{ items: matchers(1, 'v'), value: 2 }] },
      limitation: { blacklist: matchers(500, 'b') },
    };
    const refused = await api.post(`${BASE}/rules`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/at most 1000 item matchers/) }),
    ]);
    const ok = await api.post(`${BASE}/rules`, { ...body, reward: { type: 'discount_amount', value: 1 } });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
    const update = await api.request('PUT', `${BASE}/rules/${ok.body.id}`, {
      requirement: { item: { items: matchers(500, 'j'), mixes: [{ items: matchers(1, 'm'), quantity: 1 }] } },
    });
    expect(update.status).toBe(400);
    expect(update.body.error.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/at most 1000 item matchers/) }),
    ]);
  });

  it('answers /healthz while 4 worst-case evaluations run: a /healthz sent during one is answered before it ends', async () => {
    const customer = uniqueId('worst');
    for (const body of worstCaseRules(100)) await ruleFor(customer, body); // 100 rules × 500 items: at the bound
    const receipt = worstCaseReceipt(500, { customer_id: customer });
    const before = discountEvaluations();
    let done = false;
    const evaluations = Promise.all(Array.from({ length: 4 }, () => available(receipt))).finally(() => (done = true));
    let answeredDuring = 0;
    let answered = 0;
    while (!done) {
      const sent = discountEvaluations();
      const res = await fetch(healthzUrl);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      answered++;
      const after = discountEvaluations();
      // The evaluations running when it was sent had not finished when it was answered.
      if (sent.started > sent.finished && after.finished === sent.finished) answeredDuring++;
    }
    const results = await evaluations;
    for (const r of results) expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(discountEvaluations().finished - before.finished).toBe(4);
    expect(results[0]!.body.discounts.length).toBeGreaterThan(0);
    expect(results[0]!.body.items).toHaveLength(worstCaseItems(500).length);
    expect(answeredDuring, `${answered} /healthz answered, none while an evaluation ran`).toBeGreaterThan(0);
  });
});
