import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/observability/logger';
import { ApiClient, APPROVE_CARD, DECLINE_CARD, payBody, sessionBody } from '../support/api-client';
import { CLIENT_SECRET, startTestServer, type TestServer } from '../support/test-server';
import { setGateway } from '../support/transaction-helpers';

/**
 * Issue 38 item 6: every provider call is logged once (provider, product type, operation, transaction
 * id, duration, outcome, error code) and counted in the metrics (a latency histogram and an outcome
 * counter per provider and operation); a call that threw is logged with its cause. Never a card number.
 */
interface Line {
  level: string;
  msg: string;
  provider_call?: Record<string, unknown>;
  err?: { message?: string };
}
const raw: string[] = [];
let srv: TestServer;
let api: ApiClient;
beforeAll(async () => {
  srv = await startTestServer({ logger: createLogger('info', { write: (line: string) => void raw.push(line) }) });
  api = await ApiClient.login(srv.baseUrl);
});
afterAll(() => srv.stop());

const calls = (tx: string): Line[] =>
  raw.map((l) => JSON.parse(l) as Line).filter((l) => l.provider_call && l.provider_call.transaction_id === tx);
const pay = async (card = APPROVE_CARD) => {
  const created = await api.post('/v1/sessions', sessionBody());
  const paid = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, payBody(card));
  return paid.body.transaction_id as string;
};
const counted = async (provider: string, operation: string, outcome: string) => {
  const text = await srv.kassa.ctx.metrics!.registry.metrics();
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`kassa_provider_calls_total{provider="${provider}",operation="${operation}",outcome="${outcome}"}`),
    );
  return Number(line?.split(' ').pop() ?? 0);
};

describe('provider calls, logged and counted', () => {
  it('an authorization, a capture and a refused capture: one line each with what happened, and the metrics', async () => {
    const before = {
      authorized: await counted('sandbox', 'authorize', 'APPROVED'),
      unavailable: await counted('sandbox', 'capture', 'PROVIDER_UNAVAILABLE'),
    };
    const tx = await pay();
    expect((await api.post(`/v1/transactions/${tx}/capture`, { amount: 4000 })).status).toBe(200);
    await setGateway(api, { unavailable: true });
    try {
      expect((await api.post(`/v1/transactions/${tx}/capture`, { amount: 1000 })).status).toBe(503);
    } finally {
      await setGateway(api, { unavailable: false });
    }
    const lines = calls(tx);
    expect(lines.map((l) => [l.level, l.provider_call!.operation, l.provider_call!.outcome])).toEqual([
      ['info', 'authorize', 'APPROVED'],
      ['info', 'capture', 'DONE'],
      ['warn', 'capture', 'error'],
    ]);
    for (const l of lines) {
      expect(l.provider_call).toMatchObject({
        provider: 'sandbox',
        product_type: 'sandbox.creditcard',
        transaction_id: tx,
      });
      expect(l.provider_call!.duration_ms).toEqual(expect.any(Number));
    }
    expect(lines[1]!.provider_call!.operation_id).toEqual(expect.any(String));
    expect(lines[2]!.provider_call!.error_code).toBe('PROVIDER_UNAVAILABLE');
    expect(lines[2]!.err?.message).toBeTruthy(); // the cause
    expect(await counted('sandbox', 'authorize', 'APPROVED')).toBe(before.authorized + 1);
    expect(await counted('sandbox', 'capture', 'PROVIDER_UNAVAILABLE')).toBe(before.unavailable + 1);
    const text = await srv.kassa.ctx.metrics!.registry.metrics();
    expect(text).toMatch(/kassa_provider_call_duration_seconds_count\{provider="sandbox",operation="authorize"\} \d+/);
  });

  it('a declined card is one line too; no line holds a card number or the client secret', async () => {
    const tx = await pay(DECLINE_CARD);
    expect(calls(tx).map((l) => l.provider_call!.outcome)).toEqual(['DECLINED']);
    const all = raw.join('\n');
    for (const secret of [APPROVE_CARD.number, DECLINE_CARD.number]
      .map((n) => n.replace(/\s/g, ''))
      .concat(CLIENT_SECRET))
      expect(all).not.toContain(secret);
  });
});
