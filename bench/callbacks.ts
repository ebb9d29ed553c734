import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionBody } from './fixtures';
import { percentile, type Measurement } from './measurement';
import { postJson } from './server';

const card = {
  number: '4111 1111 1111 1111',
  expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
  cvc: '123',
};

/**
 * Callback latency: a local merchant endpoint records when each session's first callback arrives;
 * the time counted is from the customer's pay answer (the authorization is committed before it is
 * sent) to that arrival. `payments` payments, `parallel` at a time; no delay asked.
 */
export const measureCallbacks = async (
  base: string,
  token: string,
  payments: number,
  parallel = 5,
): Promise<Measurement> => {
  const arrived = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const merchant = http.createServer((req, res) => {
    const ref = new URL(req.url ?? '/', 'http://x').searchParams.get('merchant_reference');
    if (ref && !arrived.has(ref)) {
      arrived.set(ref, performance.now());
      waiting.get(ref)?.();
    }
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
  const callbackUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/callback`;
  const latencies: number[] = [];
  let failures = 0;
  const one = async (i: number) => {
    const ref = `cb-${process.pid}-${i}`;
    const body = sessionBody(ref);
    const { id } = await postJson(
      `${base}/v1/sessions`,
      { authorization: `Bearer ${token}` },
      { ...body, url: { ...body.url, callback_url: callbackUrl } },
    );
    const got = new Promise<void>((resolve) => waiting.set(ref, resolve));
    await postJson(
      `${base}/v1/sessions/${String(id)}/pay`,
      {},
      { payment: { payment_product_type: 'sandbox.creditcard', card } },
    );
    const authorizedAt = performance.now();
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000).unref());
    if ((await Promise.race([got, timeout])) === 'timeout') failures++;
    else latencies.push(Math.max(0, arrived.get(ref)! - authorizedAt));
  };
  const start = performance.now();
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < payments) await one(next++);
      }),
    );
  } finally {
    merchant.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    name: 'Callback after authorization',
    rate: latencies.length / ((performance.now() - start) / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    count: latencies.length,
    seconds: (performance.now() - start) / 1000,
    failures,
    notes: [
      `${payments} payments, ${parallel} at a time; from the pay answer to the callback's arrival at a local merchant endpoint`,
    ],
  };
};
