import { sessionBody } from './fixtures';
import { measureLifecycle } from './lifecycle';
import { measureHttp } from './load';
import type { Measurement } from './measurement';
import { postJson, type KassaServer } from './server';

const card = {
  number: '4111 1111 1111 1111',
  expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
  cvc: '123',
};

/** A paid session's transaction, for GET /v1/transactions/{id} and as the seeding template. */
export const paidTransaction = async (kassa: KassaServer): Promise<string> => {
  const { id } = await postJson(
    `${kassa.base}/v1/sessions`,
    { authorization: `Bearer ${kassa.token}` },
    sessionBody('bench-paid'),
  );
  const paid = await postJson(
    `${kassa.base}/v1/sessions/${String(id)}/pay`,
    {},
    { payment: { payment_product_type: 'sandbox.creditcard', card } },
  );
  return String(paid.transaction_id);
};

/** A server under test with its paid transaction. */
export interface Target {
  kassa: KassaServer;
  transactionId: string;
}

export type PhaseKey = 'getSession' | 'getTransaction' | 'post' | 'lifecycle';

/** The phases whose server CPU per request `npm run bench` reports and `npm run bench:compare` compares. */
export const CPU_PHASES: {
  key: PhaseKey;
  label: string;
  measure(t: Target, seconds: number, warmup: number, tag?: string): Promise<Measurement>;
}[] = [
  {
    key: 'getSession',
    label: 'GET /v1/sessions/{id}',
    measure: ({ kassa }, seconds, warmup, tag = '') =>
      measureHttp(
        {
          name: `Kassa GET /v1/sessions/{id}${tag}`,
          url: `${kassa.base}/v1/sessions/${kassa.sessionId}`,
          headers: { authorization: `Bearer ${kassa.token}` },
          serverPid: kassa.pid,
        },
        seconds,
        warmup,
      ),
  },
  {
    key: 'getTransaction',
    label: 'GET /v1/transactions/{id}',
    measure: ({ kassa, transactionId }, seconds, warmup, tag = '') =>
      measureHttp(
        {
          name: `Kassa GET /v1/transactions/{id}${tag}`,
          url: `${kassa.base}/v1/transactions/${transactionId}`,
          headers: { authorization: `Bearer ${kassa.token}` },
          serverPid: kassa.pid,
        },
        seconds,
        warmup,
      ),
  },
  {
    key: 'post',
    label: 'POST /v1/sessions',
    measure: ({ kassa }, seconds, warmup, tag = '') =>
      measureHttp(
        {
          name: `Kassa POST /v1/sessions${tag}`,
          url: `${kassa.base}/v1/sessions`,
          method: 'POST',
          headers: { authorization: `Bearer ${kassa.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(sessionBody('order-10042')),
          serverPid: kassa.pid,
        },
        seconds,
        warmup,
      ),
  },
  {
    key: 'lifecycle',
    label: 'lifecycle (create, view, pay, capture, refund)',
    measure: async ({ kassa }, seconds, warmup, tag = '') => {
      const m = await measureLifecycle(kassa.base, kassa.token, kassa.pid, seconds, warmup);
      m.name += tag;
      return m;
    },
  },
];

export const cpuPhase = (key: PhaseKey) => CPU_PHASES.find((p) => p.key === key)!;
