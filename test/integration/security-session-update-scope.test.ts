import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, sessionBody } from '../support/api-client';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, startTestServer, type TestServer } from '../support/test-server';

/** A token of the bootstrap client with exactly these scopes. */
const loginWithScopes = async (srv: TestServer, scopes: string[]) => {
  await srv.kassa.ctx.database.db
    .updateTable('api_clients')
    .set({ scopes: JSON.stringify(scopes) })
    .where('client_id', '=', CLIENT_ID)
    .execute();
  return ApiClient.login(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET);
};

let compat: TestServer; // default: the spec's scope table (read:checkout may update)
let strict: TestServer; // KASSA_SESSION_UPDATE_REQUIRES_WRITE=true
beforeAll(async () => {
  [compat, strict] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { KASSA_SESSION_UPDATE_REQUIRES_WRITE: 'true' } }),
  ]);
});
afterAll(() => Promise.all([compat, strict].map((s) => s?.stop())));

/** A session made by a full-scope token, and an update that lowers its amount to 1. */
const sessionToUpdate = async (srv: TestServer) => {
  const admin = await loginWithScopes(srv, ['admin:checkout']);
  const created = await admin.post(
    '/v1/sessions',
    sessionBody({}, { items: [{ line_id: '1', description: 'Widget', quantity: 1, amount: 10000 }] }),
  );
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  const before = (await admin.get(`/v1/sessions/${id}`)).body;
  const update = {
    order: { ...before.order, amount: 1, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount: 1 }] },
  };
  return { id, before, update, admin };
};

describe('PUT /v1/sessions/{id} scopes', () => {
  it('by default (compatible with the spec) a read:checkout token may update the order', async () => {
    const { id, update } = await sessionToUpdate(compat);
    const reader = await loginWithScopes(compat, ['read:checkout']);
    const res = await reader.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, update);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.amount).toBe(1);
  });

  it('with KASSA_SESSION_UPDATE_REQUIRES_WRITE=true a read:checkout token is 403 INSUFFICIENT_SCOPE and changes nothing', async () => {
    const { id, before, update, admin } = await sessionToUpdate(strict);
    const reader = await loginWithScopes(strict, ['read:checkout']);
    const res = await reader.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, update);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(res.body.error.message).toContain('write:checkout');
    expect((await admin.get(`/v1/sessions/${id}`)).body).toEqual(before);
    // reading is still allowed with read:checkout
    expect((await reader.get(`/v1/sessions/${id}`)).status).toBe(200);
  });

  it('with KASSA_SESSION_UPDATE_REQUIRES_WRITE=true write:checkout and admin:checkout may update', async () => {
    for (const scope of ['write:checkout', 'admin:checkout']) {
      const { id, update } = await sessionToUpdate(strict);
      const writer = await loginWithScopes(strict, [scope]);
      const res = await writer.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, update);
      expect(res.status, `${scope}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('the OpenAPI document states both the default scopes and those the setting requires', async () => {
    const doc = (await new ApiClient(strict.baseUrl).get('/v1/openapi.json')).body;
    const op = doc.paths['/v1/sessions/{session_id}'].put;
    expect(op['x-required-scopes-any-of']).toEqual(['admin:checkout', 'read:checkout', 'write:checkout']);
    expect(op['x-required-scopes-any-of-when-update-requires-write']).toEqual(['admin:checkout', 'write:checkout']);
    expect(op.description).toContain('KASSA_SESSION_UPDATE_REQUIRES_WRITE=true');
  });
});
