import { describe, expect, it } from 'vitest';
import { verifySignatureHeader } from '../../server/signature/sign-callback';
import { payWithCallback } from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';

interface Listed {
  status: string;
  attempts: { event_delivery: string }[];
  last_request: { method: string; url: string; headers: Record<string, string>; body?: string } | null;
}

/** The delivery log shows the request the last attempt sent, exactly, signature included (issue 26, the console). */
describe('GET /v1/admin/callbacks: last_request', () => {
  it("is the signed request as the merchant received it: the last attempt's URL, headers and body", async () => {
    const { srv, merchant, api } = await kassaForTest({ merchant: (_cb, all) => (all.length === 1 ? 503 : 200) });
    const secret = (await api.post('/v1/admin/signature', {})).body.signature.secret as string;
    const callbackUrl = `${merchant.url}/orders/cb?method=POST`;
    const { transactionId } = await payWithCallback(srv.baseUrl, api, callbackUrl);
    const list = async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body as Listed[];
    await expect.poll(async () => (await list())[0]?.status).toBe('DELIVERED');

    const [delivered] = await list();
    const sent = merchant.received.filter((c) => c.query.get('transaction_id') === transactionId);
    expect(sent.map((c) => c.status)).toEqual([503, 200]);
    const last = sent[1]!;
    const req = delivered!.last_request!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${merchant.url}${last.url}`);
    expect(req.body).toBe(last.body);
    expect(JSON.parse(req.body!)).toMatchObject({ id: transactionId, status: 'AUTHORIZED' });
    expect(req.headers).toEqual({
      'event-delivery': last.headers['event-delivery'],
      'user-agent': last.headers['user-agent'],
      'kassa-signature': last.headers['kassa-signature'],
      'content-type': 'application/json',
    });
    // the last attempt's, not the first one's
    expect(req.headers['event-delivery']).toBe(delivered!.attempts[1]!.event_delivery);
    expect(req.headers['event-delivery']).not.toBe(sent[0]!.headers['event-delivery']);
    expect(verifySignatureHeader(req.headers['kassa-signature']!, secret, ACCOUNT, 'POST', req.url)).toBe(true);
  });

  it('is null before the first attempt, and a GET callback of an account without a secret has no signature header', async () => {
    const { srv, merchant, api } = await kassaForTest({ merchant: true });
    const later = await payWithCallback(srv.baseUrl, api, `${merchant.url}/later?delay_callback=600`);
    const pending = (await api.get(`/v1/admin/callbacks?session_id=${later.sessionId}`)).body as Listed[];
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'PENDING', attempts: [], last_request: null });

    const now = await payWithCallback(srv.baseUrl, api, `${merchant.url}/now`);
    const list = async () => (await api.get(`/v1/admin/callbacks?session_id=${now.sessionId}`)).body as Listed[];
    await expect.poll(async () => (await list())[0]?.status).toBe('DELIVERED');
    const req = (await list())[0]!.last_request!;
    expect(req.method).toBe('GET');
    expect(req.body).toBeUndefined();
    expect(Object.keys(req.headers).sort()).toEqual(['event-delivery', 'user-agent']);
    const got = merchant.received.find((c) => c.query.get('session_id') === now.sessionId)!;
    expect(req.url).toBe(`${merchant.url}${got.url}`);
  });
});
