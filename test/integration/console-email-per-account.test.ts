import { beforeAll, describe, expect, it } from 'vitest';
import { registerKassa } from '../../server/http/kassa-singleton';
import { consoleViewer } from '../../server/pages/console-session';
import { CONSOLE_COOKIE } from '../../server/console/console-cookie';
import { OTHER, useKassa } from '../support/fixtures';
import { cookieOf, signIn } from '../support/console';
import { ACCOUNT } from '../support/test-server';

/**
 * Issue 37 item 11: a console e-mail is unique within its account, not across the server: another account's
 * user with the same e-mail is neither revealed nor blocked, and the sign-in names the account.
 */
const ORIGIN = 'http://console.kassa.test';
// a small ceiling per e-mail from every address (above one address's own limit), reached in the last test
const env = {
  KASSA_PUBLIC_URL: ORIGIN,
  KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL: '6',
  KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS: '3',
};
const { srv, api, other } = useKassa({ other: true, env });
const EMAIL = 'shared@shop.example';
const MINE = 'mine-password-0123456';
const THEIRS = 'theirs-password-0123456';
const users = (accountId: string) => `/v1/accounts/${accountId}/auth/users`;

beforeAll(() => registerKassa(srv.kassa));

describe('console e-mails per account', () => {
  it('another account may have a user with the same e-mail: neither creation is refused nor tells of the other', async () => {
    const theirs = await other.post(users(OTHER.accountId), { email: EMAIL, role: 'admin', password: THEIRS });
    const mine = await api.post(users(ACCOUNT), { email: EMAIL, role: 'read-only', password: MINE });
    expect({ theirs: theirs.status, mine: mine.status }).toEqual({ theirs: 200, mine: 200 });
    // within one account the e-mail is still unique
    const again = await api.post(users(ACCOUNT), { email: EMAIL, role: 'read-only', password: MINE });
    expect(again.status).toBe(409);
    expect(
      ((await api.get(`${users(ACCOUNT)}?limit=100`)).body as { email: string }[]).filter((u) => u.email === EMAIL),
    ).toHaveLength(1);
  });

  it('the sign-in names the account: each user signs in to its own; the other account’s password is wrong there', async () => {
    const viewer = async (res: Response) => consoleViewer(cookieOf(res).slice(CONSOLE_COOKIE.length + 1));
    const mine = await signIn(ORIGIN, EMAIL, MINE, { account: ACCOUNT, address: '198.51.100.40' });
    expect(mine.status).toBe(204);
    expect(await viewer(mine)).toMatchObject({ accountId: ACCOUNT, role: 'read-only' });
    const theirs = await signIn(ORIGIN, EMAIL, THEIRS, { account: OTHER.accountId, address: '198.51.100.41' });
    expect(theirs.status).toBe(204);
    expect(await viewer(theirs)).toMatchObject({ accountId: OTHER.accountId, role: 'admin' });
    // the other account's password in this account, or an account nobody has, is the same wrong sign-in
    for (const [account, password] of [
      [ACCOUNT, THEIRS],
      ['T99999999', MINE],
    ] as const) {
      const res = await signIn(ORIGIN, EMAIL, password, { account, address: '198.51.100.42' });
      expect(res.status).toBe(401);
      expect((await res.json()).error.message).toBe('Wrong e-mail or password');
    }
  });

  it('wrong passwords for the e-mail in one account do not lock out the same e-mail in another', async () => {
    // 12 addresses guess in this account until its ceiling for the e-mail holds
    for (let i = 0; i < 12; i++)
      await signIn(ORIGIN, EMAIL, `wrong-${i}`, { account: ACCOUNT, address: `203.0.113.${i}` });
    expect((await signIn(ORIGIN, EMAIL, MINE, { account: ACCOUNT, address: '203.0.113.50' })).status).toBe(429);
    const theirs = await signIn(ORIGIN, EMAIL, THEIRS, { account: OTHER.accountId, address: '203.0.113.51' });
    expect(theirs.status).toBe(204);
  });
});
