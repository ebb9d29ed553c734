import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, NORWEGIAN_CONTACT } from '../support/api-client';
import { serveDemo } from '../support/demo-http-server';
import { freePort } from '../support/spawn-kassa';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The demo store offers its reference payment app (`payment_app.demo`): a shopper pays through it end
 * to end over HTTP, the app's page and Kassa's return URL included, and the store's back office captures.
 */
let srv: TestServer;
let web: { baseUrl: string; close(): Promise<void> };
let base: string;
let shopper: ApiClient;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  srv = await startTestServer({
    env: {
      KASSA_DEMO: 'true',
      KASSA_DEMO_CLIENT_SECRET: 'payment-app-store-secret-0123456789',
      KASSA_PUBLIC_URL: base,
    },
  });
  web = await serveDemo(srv.kassa, port);
  shopper = new ApiClient(base);
});
afterAll(async () => {
  await web?.close();
  await srv?.stop();
});

const demoSession = async () => {
  const start = await fetch(`${base}/demo/start`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ cart: JSON.stringify([{ id: 'mug', quantity: 1 }]) }),
  });
  expect(start.status).toBe(303);
  const sid =
    new URL(start.headers.get('location')!).searchParams.get('sid') ??
    new URL(start.headers.get('location')!).pathname.split('/').pop()!;
  const put = (path: string, body: unknown) => shopper.request('PUT', `/v1/view/${sid}/session/order/${path}`, body);
  const address = await put('addresses', { shipping_address: NORWEGIAN_CONTACT });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const option = address.body.express.shipping_options[0];
  expect((await put('shipping_option', option)).status).toBe(200);
  return sid;
};

describe('the demo store with its reference payment app', () => {
  it("offers payment_app.demo; the shopper approves on the app's page, comes back through Kassa, and the payment is authorized", async () => {
    const sid = await demoSession();
    const view = await shopper.get(`/v1/view/${sid}/session`);
    const kinds: Record<string, string> = view.body.configuration.payment_method_kinds;
    expect(
      view.body.configuration.payment_methods.map((m: { payment_product_type: string }) => [
        m.payment_product_type,
        kinds[m.payment_product_type],
      ]),
    ).toEqual([
      ['sandbox.creditcard', 'card'],
      ['payment_app.demo', 'redirect'],
    ]);
    const paid = await shopper.post(`/v1/sessions/${sid}/pay`, {
      payment: { payment_product_type: 'payment_app.demo' },
    });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({
      success: true,
      redirect_url: expect.stringMatching(new RegExp(`^${base}/demo/payment-app/page/`)),
    });
    const transactionId = paid.body.transaction_id as string;
    const page = await fetch(paid.body.redirect_url);
    expect(await page.text()).toContain('Approve');
    const decided = await fetch(paid.body.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe(`${base}/v1/view/${sid}/payments/${transactionId}/return`);
    const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/?sid=${sid}&payment=${transactionId}`);
    const tx = await srv.kassa.ctx.database.db
      .selectFrom('transactions')
      .select(['status', 'payment_product_type'])
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ status: 'AUTHORIZED', payment_product_type: 'payment_app.demo' });
  });

  it('a shopper who rejects on the page gets a declined payment and may pay again', async () => {
    const sid = await demoSession();
    const paid = await shopper.post(`/v1/sessions/${sid}/pay`, {
      payment: { payment_product_type: 'payment_app.demo' },
    });
    const decided = await fetch(paid.body.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=reject',
    });
    const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(
      `/?sid=${sid}&payment=${paid.body.transaction_id}&payment_error=rejected_by_shopper`,
    );
    const again = await shopper.post(`/v1/sessions/${sid}/pay`, {
      payment: { payment_product_type: 'payment_app.demo' },
    });
    expect(again.body.success).toBe(true);
  });
});
