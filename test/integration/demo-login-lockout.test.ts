import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER } from '../../server/console/request-facts';
import { DEMO_TEST_SECRET, useDemoKassa } from '../support/demo-kassa';

/**
 * Issue 37 item 6, the demo back office's login: wrong secrets are counted per (client, address) with a ceiling
 * per client from every address that an address which logged in lately passes, in the database; many addresses
 * guessing do not lock the merchant out.
 */
const BASE = 'http://localhost:3997';
// small limits (the token endpoint's variables): few requests, well inside the minute's window on a slow machine;
// scrypt's test cost for the demo merchant's chosen secret
const LIMITS = {
  KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '2',
  KASSA_TOKEN_RATE_PER_CLIENT: '5',
  KASSA_CONSOLE_PASSWORD_COST: '10',
};
beforeAll(() => {
  Object.assign(process.env, LIMITS); // before useDemoKassa's beforeAll starts the Kassa; it restores the rest
});
afterAll(() => {
  for (const name of Object.keys(LIMITS)) delete process.env[name];
});
const demo = useDemoKassa(3997, 'demo-login-lockout');
let login: typeof import('../../app/demo/api/login/route');
beforeAll(async () => {
  login = await import('../../app/demo/api/login/route');
});

/** 'ok', 'failed' or 'wait', as the login's 303 tells the page. */
const logIn = async (address: string, secret: string): Promise<string> => {
  const res = await login.POST(
    new Request(`${BASE}/demo/api/login`, {
      method: 'POST',
      headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded', [PEER_ADDRESS_HEADER]: address },
      body: new URLSearchParams({ client_id: 'demo-merchant', client_secret: secret }).toString(),
    }),
  );
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('login') ?? 'ok';
};

describe("the demo back office's login under guessing", () => {
  it('addresses guessing the secret stop at their own limits and the ceiling; the merchant who logged in lately does not', async () => {
    expect(demo.kassa.merchant.demoStore).toBeDefined();
    const MERCHANT = '198.51.100.30';
    expect(await logIn(MERCHANT, DEMO_TEST_SECRET)).toBe('ok');
    const perAddress: string[][] = [];
    for (let a = 1; a <= 4; a++) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await logIn(`203.0.113.${a}`, `wrong-${a}-${i}`));
      perAddress.push(answers);
    }
    const failed = perAddress.flat().filter((s) => s === 'failed').length;
    expect({
      first: perAddress[0],
      checked: failed,
      stranger: await logIn('203.0.113.99', DEMO_TEST_SECRET),
      merchant: await logIn(MERCHANT, DEMO_TEST_SECRET),
    }).toEqual({
      first: ['failed', 'failed', 'wait'], // 2 wrong a minute per (client, address)
      checked: 5, // the client's ceiling from every address (KASSA_TOKEN_RATE_PER_CLIENT)
      stranger: 'wait',
      merchant: 'ok',
    });
  });
});
