import { sealData, unsealData } from 'iron-session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCheckoutCookie, checkoutCookieHeader, CHECKOUT_COOKIE } from '../../server/http/checkout-cookie';
import { sealCheckoutData, unsealCheckoutData } from '../../server/http/checkout-seal';

const password = 'p'.repeat(40);
const TTL = 7 * 24 * 3600;
const data = { visited: ['T1.a', 'T1.b'], n: 3, text: 'blåbær ✓' };

describe('checkout seal (iron-session format on node:crypto, ADR 027)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is opened by iron-session, and opens what iron-session seals', async () => {
    const ours = await sealCheckoutData(data, password, TTL);
    expect(ours).toMatch(/^Fe26\.2\*1\*[0-9a-f]{64}\*[\w-]+\*[\w-]+\*\d+\*[0-9a-f]{64}\*[\w-]+~2$/);
    expect(await unsealData(ours, { password, ttl: TTL })).toEqual(data);
    const theirs = await sealData(data, { password, ttl: TTL });
    expect(await unsealCheckoutData(theirs, password, TTL)).toEqual(data);
  });

  it('gives nothing for another password, a changed byte, a cut seal or garbage', async () => {
    const sealed = await sealCheckoutData(data, password, TTL);
    expect(await unsealCheckoutData(sealed, 'q'.repeat(40), TTL)).toEqual({});
    const parts = sealed.split('*');
    const flipped = [...parts];
    flipped[4] = `${parts[4]!.slice(0, -2)}${parts[4]!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await unsealCheckoutData(flipped.join('*'), password, TTL)).toEqual({});
    expect(await unsealCheckoutData(parts.slice(0, 6).join('*'), password, TTL)).toEqual({});
    expect(await unsealCheckoutData('not a seal', password, TTL)).toEqual({});
    // iron-session agrees that the tampered seal is not valid
    expect(await unsealData(flipped.join('*'), { password, ttl: TTL })).toEqual({});
  });

  it('expires after its ttl (and iron-session expires it too)', async () => {
    const sealed = await sealCheckoutData(data, password, 60);
    const later = Date.now() + 3 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await unsealCheckoutData(sealed, password, 60)).toEqual({});
    expect(await unsealData(sealed, { password, ttl: 60 })).toEqual({});
  });

  it('reads a version-1 seal (no suffix) as iron-session does: its `persistent` part', async () => {
    const v2 = await sealData({ persistent: { visited: ['T1.old'] } }, { password, ttl: TTL });
    const v1 = v2.split('~')[0]!;
    expect(await unsealCheckoutData(v1, password, TTL)).toEqual(await unsealData(v1, { password, ttl: TTL }));
    expect(await unsealCheckoutData(v1, password, TTL)).toEqual({ visited: ['T1.old'] });
  });

  it('round-trips the checkout cookie through its Set-Cookie header', async () => {
    const header = await checkoutCookieHeader({ visited: ['T1.a'] }, password, 'http://127.0.0.1:3000');
    const value = header.split(';')[0]!;
    expect(value.startsWith(`${CHECKOUT_COOKIE}=`)).toBe(true);
    expect(await openCheckoutCookie(`other=1; ${value}`, password)).toEqual({ visited: ['T1.a'] });
    expect(await openCheckoutCookie(`${value}`, 'w'.repeat(40))).toEqual({ visited: [] });
  });
});
