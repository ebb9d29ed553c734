import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { outboxRows, payWithCallback } from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';

/**
 * A merchant endpoint that takes its time (up to the 10 s timeout, then again on every retry) holds
 * only its own callback: another merchant's callback goes out meanwhile, at once.
 */
describe('a slow merchant endpoint', () => {
  it('does not hold up callbacks to other endpoints', async () => {
    const held: http.ServerResponse[] = [];
    const arrived: { path: string; at: number }[] = [];
    const endpoint = http.createServer((req, res) => {
      arrived.push({ path: req.url ?? '', at: Date.now() });
      if (req.url?.startsWith('/slow')) held.push(res);
      else res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));
    const base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
    const { srv, api } = await kassaForTest({ env: { KASSA_CALLBACK_TIMEOUT_MS: '30000' } });
    // answered before the server stops, whatever happens (it waits for the deliveries in flight)
    const answerHeld = () => held.filter((res) => !res.headersSent).forEach((res) => res.writeHead(200).end());
    try {
      await payWithCallback(srv.baseUrl, api, `${base}/slow`);
      await expect.poll(() => held.length).toBe(1);
      const paid = await payWithCallback(srv.baseUrl, api, `${base}/fast`);
      await expect.poll(() => arrived.filter((a) => a.path.startsWith('/fast')).length).toBe(1);
      expect(held[0]!.headersSent).toBe(false); // still unanswered: the fast one did not wait for it
      await expect
        .poll(async () => (await outboxRows(srv)).find((r) => r.transaction_id === paid.transactionId)?.status)
        .toBe('DELIVERED');
      answerHeld();
      await expect.poll(async () => (await outboxRows(srv)).map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED']);
    } finally {
      answerHeld();
    }
  });
});
