import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/http/route-table';
import { loadSession, readSession } from '../../server/sessions/session-repository';
import { readSessionJson } from '../../server/sessions/session-view-json';
import { APPROVE_CARD, NORWEGIAN_CONTACT, payBody, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { arbitraryFor } from '../support/fuzz/zod-arbitrary';
import { ACCOUNT } from '../support/test-server';

/**
 * `GET /v1/sessions/{id}` builds its JSON text from the stored columns (session-view-json.ts).
 * It must be exactly `JSON.stringify` of `readSession`, the mapper every other read uses, for any
 * session a merchant can create: the optional parts (customer with stored tokens, express,
 * metadata, configuration, url) are generated from the create operation's own zod schema.
 */
const createRoute = ROUTES.find((r) => r.operationId === 'checkout_session_post')!;
const shape = (createRoute.body as unknown as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape;
const optionalParts = fc.record(
  {
    customer: arbitraryFor(shape.customer),
    express: arbitraryFor(shape.express),
    metadata: arbitraryFor(shape.metadata),
    configuration: arbitraryFor(shape.configuration),
    url: arbitraryFor(shape.url),
  },
  { requiredKeys: [] },
);
const INCLUDES = [
  [],
  ['events.request_headers'],
  ['initiating_system_request_headers'],
  ['events.request_headers', 'initiating_system_request_headers'],
];

describe('GET /v1/sessions/{id} as JSON text', () => {
  const k = useKassa();
  const expectSameAsReadSession = async (id: string) => {
    const { database } = k.srv.kassa.ctx;
    for (const includes of INCLUDES) {
      const text = await readSessionJson(database.db, id, ACCOUNT, includes);
      const record = await loadSession(database.db, database, id, { accountId: ACCOUNT });
      expect(text).toBe(JSON.stringify(await readSession(database.db, record, includes)));
    }
  };

  it('is JSON.stringify(readSession(...)) for generated sessions, with every include', async () => {
    const bodies = fc.sample(optionalParts, { numRuns: 150, seed: 12 });
    const created: string[] = [];
    for (const parts of bodies) {
      const res = await k.api.post('/v1/sessions', { ...sessionBody(), ...parts });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status === 200) created.push(res.body.id as string);
    }
    // the generator is near-valid: most bodies must be accepted, or this compares too little
    expect(created.length).toBeGreaterThan(60);
    for (const id of created) await expectSameAsReadSession(id);
  });

  it('is the same for a customer with stored tokens, a paid and a cancelled session, and over HTTP', async () => {
    const withTokens = await k.api.post('/v1/sessions', {
      ...sessionBody({ metadata: { shop: 'Oslo', n: 0 } }),
      customer: { email: NORWEGIAN_CONTACT.email, tokens: { 'sandbox.creditcard': { payment_token: 'tok-secret-1' } } },
    });
    expect(withTokens.status, JSON.stringify(withTokens.body)).toBe(200);
    const paid = await k.api.post('/v1/sessions', sessionBody());
    // VISITED carries the visitor (customer_ip, user_agent) and a later seq: the one-statement read must show both
    // events and the visitor as readSession does
    expect((await k.customer.get(`/v1/view/${paid.body.id}/session`)).status).toBe(200);
    expect((await k.customer.post(`/v1/sessions/${paid.body.id}/pay`, payBody(APPROVE_CARD))).status).toBe(200);
    const cancelled = await k.api.post('/v1/sessions', sessionBody());
    expect((await k.api.post(`/v1/sessions/${cancelled.body.id}/cancel`)).status).toBe(200);
    for (const id of [withTokens.body.id, paid.body.id, cancelled.body.id] as string[]) {
      await expectSameAsReadSession(id);
      const res = await k.api.get(`/v1/sessions/${id}?includes=events.request_headers`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('tok-secret-1');
      expect(res.body.events.length).toBeGreaterThan(0);
      expect(res.body.events[0].request_headers).toBeTypeOf('object');
    }
    const paidView = await k.api.get(`/v1/sessions/${paid.body.id}`);
    expect(paidView.body.transaction_id).toMatch(/\S/);
    expect(paidView.body.customer_ip).toBe('127.0.0.1');
    expect((await k.api.get(`/v1/sessions/${cancelled.body.id}`)).body.cancelled_at).toMatch(/^\d{4}-/);
  });

  it('answers 404 for an id of no session of this account', async () => {
    const res = await k.api.get('/v1/sessions/T10000001.nosuchsession');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('SESSION_NOT_FOUND');
  });
});
