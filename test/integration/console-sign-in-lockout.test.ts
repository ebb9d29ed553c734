import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { registerKassa } from '../../server/http/kassa-singleton';
import { createUser, signIn } from '../support/console';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 37 item 6: wrong console passwords are counted per (e-mail, address), with a ceiling per e-mail from
 * every address that an address which signed in lately still passes; the memory is in the database (a restart
 * keeps it), and the count is atomic on both engines (60 guesses at once let exactly the limit through).
 */
const ORIGIN = 'http://console.kassa.test';
const env = {
  KASSA_PUBLIC_URL: ORIGIN,
  KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL: '20',
  KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS: '10',
  KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS: '1000',
};
let srv: TestServer;
let api: ApiClient;
const start = async (again?: TestServer) => {
  srv = await startTestServer({ env, ...(again ? { dataDir: again.dataDir, pgSchema: again.pgSchema } : {}) });
  registerKassa(srv.kassa);
  api = await ApiClient.login(srv.baseUrl);
};
beforeAll(() => start());
afterAll(() => srv.stop());

const statuses = (answers: Response[]) => answers.map((r) => r.status);
const count = (answers: Response[], status: number) => answers.filter((r) => r.status === status).length;

describe('console sign-in limits', () => {
  it('wrong passwords from other addresses do not lock out an address that signed in lately, even after a restart', async () => {
    const owner = { email: 'owner@shop.example', password: 'owner-password-0123', address: '198.51.100.7' };
    await createUser(api, owner.email, 'admin', owner.password);
    expect((await signIn(ORIGIN, owner.email, owner.password, { address: owner.address })).status).toBe(204);
    await srv.stop();
    await start(srv); // the same database: what it remembers must survive

    // one address alone is stopped by its own limit (per e-mail and address), not by the ceiling
    const alone = [];
    for (let i = 0; i < 10; i++)
      alone.push(await signIn(ORIGIN, owner.email, `wrong-${i}`, { address: '203.0.113.1' }));
    // more addresses together reach the e-mail's ceiling (20 checked, the 10th of each address and the 20th answered 429)
    const others = [];
    for (let a = 2; a <= 4; a++)
      for (let i = 0; i < 10; i++)
        others.push(await signIn(ORIGIN, owner.email, `wrong-${a}-${i}`, { address: `203.0.113.${a}` }));
    // the right password from an address never seen waits at the ceiling; the owner's address, which signed in
    // lately, passes it
    const fresh = await signIn(ORIGIN, owner.email, owner.password, { address: '203.0.113.99' });
    const ownerAgain = await signIn(ORIGIN, owner.email, owner.password, { address: owner.address });
    expect({
      alone: statuses(alone),
      othersRefused: count(others, 401),
      othersLast: others.at(-1)!.status,
      fresh: fresh.status,
      owner: ownerAgain.status,
    }).toEqual({ alone: [...Array(9).fill(401), 429], othersRefused: 9, othersLast: 429, fresh: 429, owner: 204 });
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('60 wrong passwords at once from one address let exactly the per-(e-mail, address) limit through', async () => {
    const email = 'burst-one@shop.example';
    await createUser(api, email, 'read-only', 'burst-one-password-0123');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(ORIGIN, email, `wrong-${i}`, { address: '192.0.2.60' })),
    );
    expect(count(answers, 401)).toBe(9);
    expect(count(answers, 429)).toBe(51);
  });

  it('60 wrong passwords at once from 60 addresses let exactly the ceiling through', async () => {
    const email = 'burst-many@shop.example';
    await createUser(api, email, 'read-only', 'burst-many-password-0123');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(ORIGIN, email, `wrong-${i}`, { address: `192.0.2.${100 + i}` })),
    );
    expect(count(answers, 401)).toBe(19);
    expect(count(answers, 429)).toBe(41);
  });
});
