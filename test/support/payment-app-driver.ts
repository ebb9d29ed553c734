import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { answerDemoAppCall } from '../../server/demo/payment-app/answer-demo-app-call';
import { decideDemoAppPage, showDemoAppPage } from '../../server/demo/payment-app/demo-app-page';
import { demoPaymentAppConfig } from '../../server/demo/payment-app/ensure-demo-payment-app';
import { demoAppTable } from '../../server/demo/payment-app/demo-app-store';
import { sessionBody, type ApiClient } from './api-client';
import type { KassaFixture } from './fixtures';
import type { ProductDriver } from './provider-drivers';
import { ACCOUNT } from './test-server';

/**
 * The demo's reference payment app (server/demo/payment-app: its own request handling, rules and
 * page) on a server of its own on 127.0.0.1, serving the test account, as `payment_app.reference`.
 */
const startReferenceApp = async (k: Pick<KassaFixture, 'srv'>) => {
  const state = { holdPending: false };
  /** The requests being answered now: a test settles held operations only after they have all been written. */
  const inFlight = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const handling = (async () => {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const url = new URL(req.url ?? '/', base);
        const [, , , page, token] = url.pathname.split('/'); // /demo/payment-app/<method> or /demo/payment-app/page/<token>
        const ctx = k.srv.kassa.ctx;
        let answer: Response;
        if (page === 'page' && token) {
          answer =
            req.method === 'GET'
              ? await showDemoAppPage(ctx, ACCOUNT, token)
              : await decideDemoAppPage(ctx, ACCOUNT, token, new URLSearchParams(body).get('decision') ?? '');
        } else {
          const a = await answerDemoAppCall(
            ctx,
            ACCOUNT,
            page ?? '',
            {
              method: req.method ?? '',
              url: url.toString(),
              signatureHeader: req.headers['kassa-signature'] as string | undefined,
              body,
            },
            base,
          );
          // held (holdPending): an operation the app accepted for later stays pending until the test settles it
          if (state.holdPending && (a.body as { result?: string }).result === 'pending')
            await setPendingDue(ctx, FAR_FUTURE);
          answer = Response.json(a.body, { status: a.status });
        }
        res
          .writeHead(answer.status, Object.fromEntries(answer.headers.entries()))
          .end(Buffer.from(await answer.arrayBuffer()));
      })().catch((e: unknown) => void res.writeHead(500).end(String(e)));
      inFlight.add(handling);
      void handling.finally(() => inFlight.delete(handling));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    /** Resolves once every request the app is answering now has been answered (its writes done). */
    settled: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo/payment-app`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
};

const FAR_FUTURE = '9999-12-31T23:59:59.999Z';
/** Moves when the reference app's pending operations are done (its `complete_after`) to `at`. */
const setPendingDue = (ctx: KassaFixture['srv']['kassa']['ctx'], at: string) =>
  demoAppTable(ctx.database.db)
    .updateTable('demo_payment_app')
    .set({ complete_after: at })
    .where('account_id', '=', ACCOUNT)
    .where('result', '=', 'pending')
    .execute();

/** A URL nothing listens on: a connection to it is refused, so nothing is sent. */
const refusingUrl = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/demo/payment-app`;
};

const TYPE = 'payment_app.reference';
const items = (amount: number) => [
  { line_id: '1', description: 'Thing', quantity: 1, amount: 4_000 },
  { line_id: '2', description: 'Other thing', quantity: 1, amount: amount - 4_000 },
];

/** The payment app through the provider contract (test/integration/provider-contract.test.ts), with the demo's reference app. */
export const paymentAppDriver = (k: Pick<KassaFixture, 'srv' | 'api' | 'customer'>): ProductDriver => {
  let app: Awaited<ReturnType<typeof startReferenceApp>> | undefined;
  /** Kassa calls the app at `url`. */
  const configure = async (url: string) => {
    const res = await k.api.request('PUT', '/v1/admin/gateways/payment_app/reference', {
      configuration: { payment_app: { ...demoPaymentAppConfig(''), url } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  };
  beforeAll(async () => {
    app = await startReferenceApp(k);
    await k.api.post('/v1/admin/signature');
    await configure(app.url);
  });
  afterAll(() => app?.close());
  const pay = async (customer: ApiClient, sessionId: string, success: boolean) => {
    const res = await customer.post(`/v1/sessions/${sessionId}/pay`, { payment: { payment_product_type: TYPE } });
    expect([res.status, res.body.success], JSON.stringify(res.body)).toEqual([200, success]);
    return res.body as { transaction_id: string; redirect_url?: string };
  };
  /** The shopper on the app's page: Approve or Reject, then back to Kassa's return URL (as their browser follows the 303). */
  const onPage = async (redirectUrl: string, decision: 'approve' | 'reject') => {
    const decided = await fetch(redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
    });
    expect(decided.status).toBe(303);
    const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(302);
  };
  // Amounts ending in 00 go through the app's page (the reference app's rules); 51 declines at once.
  const customerAction = async (sessionId: string) => {
    const first = await pay(k.customer, sessionId, true);
    return {
      transactionId: first.transaction_id,
      redirectUrl: first.redirect_url!,
      finish: () => onPage(first.redirect_url!, 'approve'),
    };
  };
  return {
    type: TYPE,
    session: async (amount) => {
      const res = await k.api.post(
        '/v1/sessions',
        sessionBody(
          { configuration: { payment_app: { reference: { enabled: true } } } },
          { amount, items: items(amount) },
        ),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as string;
    },
    approve: async (sessionId) => {
      const first = await pay(k.customer, sessionId, true);
      if (first.redirect_url?.startsWith(app!.url)) await onPage(first.redirect_url, 'approve');
      return first.transaction_id;
    },
    decline: async (sessionId) => {
      const first = await pay(k.customer, sessionId, true);
      await onPage(first.redirect_url!, 'reject');
      return first.transaction_id;
    },
    customerAction,
    // Down: Kassa's calls are refused before anything is sent (an app that answers an error may have acted: ADR 041).
    unavailable: async (down) => configure(down ? await refusingUrl() : app!.url),
    holdPending: async () => {
      app!.state.holdPending = true;
      return {
        // After the app's own write of FAR_FUTURE: a capture whose answer Kassa gave up on (its timeout, on a
        // busy machine) may still be in the app's hands, and would hold again what this settles.
        settle: async () => {
          await app!.settled();
          await setPendingDue(k.srv.kassa.ctx, new Date().toISOString());
        },
        release: async () => void (app!.state.holdPending = false),
      };
    },
  };
};
