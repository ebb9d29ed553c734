import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const PROFILES = '/v1/admin/session/profiles';
let srv: TestServer;
let api: ApiClient;
beforeAll(async () => {
  srv = await startTestServer({ env: { KASSA_ALLOW_PRIVATE_CALLBACKS: 'false' } });
  api = await ApiClient.login(srv.baseUrl);
});
afterAll(() => srv.stop());

const stored = (profileId: string) =>
  srv.kassa.ctx.database.db
    .selectFrom('session_profiles')
    .selectAll()
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
const profile = (profileId: string, callbackUrl?: string) => ({
  profile_id: profileId,
  description: 'Web shop',
  configuration: { sandbox: { creditcard: { enabled: true } } },
  url: { return_url: 'https://shop.example/r', ...(callbackUrl ? { callback_url: callbackUrl } : {}) },
});

describe("a profile's callback URL is checked when the profile is saved", () => {
  const refused = [
    'http://127.0.0.1:8080/cb',
    'http://localhost/cb',
    'https://user:pw@shop.example/cb',
    'https://shop.example/cb?report_event=SETTLE',
    'https://shop.example/cb?delay_callback=soon',
  ];

  it("create: 400 INVALID_CALLBACK_URL with the policy's reason, and nothing is stored", async () => {
    for (const url of refused) {
      const id = `p-${Math.random().toString(36).slice(2, 10)}`;
      const res = await api.post(PROFILES, profile(id, url));
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CALLBACK_URL');
      expect(res.body.error.message).toMatch(/callback_url|delay_callback|report_event/);
      expect(await stored(id)).toBeUndefined();
    }
  });

  it('update: 400 and the stored profile is unchanged; a public URL is accepted', async () => {
    const id = `p-${Math.random().toString(36).slice(2, 10)}`;
    expect((await api.post(PROFILES, profile(id, 'https://shop.example/cb'))).status).toBe(200);
    const before = await stored(id);
    for (const url of refused) {
      const res = await api.request('PUT', `${PROFILES}/${id}`, profile(id, url));
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CALLBACK_URL');
    }
    expect(await stored(id)).toEqual(before);
    const ok = await api.request(
      'PUT',
      `${PROFILES}/${id}`,
      profile(id, 'https://shop.example/cb2?report_event=CAPTURE'),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.url.callback_url).toBe('https://shop.example/cb2?report_event=CAPTURE');
  });
});
