import { describe, expect, it } from 'vitest';
import {
  assertCallbackUrlAllowed,
  assertOutboundUrlAllowed,
  checkDeliveryUrl,
  deliveryTarget,
  isPrivateAddress,
} from '../../server/callbacks/callback-url-policy';
import { loadEnv } from '../../server/config/env';
import { assertExpressUrlsAllowed } from '../../server/express/assert-express-urls-allowed';
import { resolvesTo } from '../support/callback-helpers';

/**
 * The one merchant URL policy (server/callbacks/callback-url-policy.ts), with private addresses NOT
 * allowed: every spelling of a non-public address is refused when the URL is given (callback_url
 * and both express callback URLs) and at delivery, and a host name is refused when any address it
 * resolves to is non-public.
 */
const envWith = (allowPrivate: string) =>
  loadEnv({ KASSA_ALLOW_PRIVATE_CALLBACKS: allowPrivate } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv);
const strict = { env: envWith('false') };
const PROD = 'P10000009';

/** Host spellings (as written in a URL) of addresses no merchant URL may reach; the comment says which. */
const REFUSED_HOSTS = [
  '127.0.0.1', // loopback
  '127.255.255.254',
  '10.0.0.1', // private
  '172.16.0.1',
  '172.31.255.254',
  '192.168.0.1',
  '169.254.0.1', // link-local
  '169.254.169.254', // cloud metadata
  '100.64.0.1', // CGNAT
  '100.127.255.254',
  '0.0.0.0', // unspecified
  '0', // unspecified, short
  '224.0.0.1', // multicast
  '239.255.255.250',
  '255.255.255.255', // broadcast
  '2130706433', // decimal 127.0.0.1
  '167772161', // decimal 10.0.0.1
  '2852039166', // decimal 169.254.169.254
  '4294967295', // decimal broadcast
  '0x7f000001', // hex
  '0x7F000001',
  '0x7f.0.0.1',
  '0x7f.0x0.0x0.0x1',
  '0xa9.0xfe.0xa9.0xfe', // hex metadata
  '0177.0.0.1', // octal
  '00000177.0.0.1',
  '017700000001',
  '0251.0376.0251.0376', // octal metadata
  '0300.0250.0.1', // octal 192.168.0.1
  '127.1', // short forms
  '127.0.1',
  '10.1',
  '169.254.43518', // 169.254.169.254
  '0x7f.1',
  '127.0.0.1.', // trailing dots
  '0x7f000001.',
  '2130706433.',
  'localhost',
  'localhost.',
  'LOCALHOST',
  'api.localhost',
  'api.localhost.',
  '%31%32%37.0.0.1', // percent-encoded
  '127。0。0。1', // ideographic full stops
  '[::1]', // IPv6 loopback
  '[0:0:0:0:0:0:0:1]',
  '[::]', // unspecified
  '[fc00::1]', // unique-local
  '[fd12:3456:789a::1]',
  '[fd00:ec2::254]', // AWS metadata over IPv6
  '[fe80::1]', // link-local
  '[febf:ffff::1]',
  '[ff02::1]', // multicast
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:a00:1]',
  '[::ffff:0:127.0.0.1]', // IPv4-translated
  '[::127.0.0.1]', // IPv4-compatible
  '[::7f00:1]',
  '[::a9fe:a9fe]',
  '[64:ff9b::127.0.0.1]', // NAT64 with a private IPv4
  '[64:ff9b::a00:1]',
  '[64:ff9b::169.254.169.254]',
  '[64:ff9b:1::808:808]', // local-use NAT64
  '[2002:7f00:1::1]', // 6to4 of loopback
  '[2001::1]', // Teredo
];

/** Public addresses in the same spellings: the policy must not refuse them (it judges the address, not the spelling). */
const ALLOWED_HOSTS = [
  '8.8.8.8',
  '134744072', // decimal 8.8.8.8
  '0x08080808',
  '010.010.010.010', // octal 8.8.8.8
  '8.8.2056', // short 8.8.8.8
  '8.8.8.8.',
  '100.128.0.1', // just outside CGNAT
  '172.32.0.1',
  '192.169.0.1',
  '[2001:4860:4860::8888]',
  '[::ffff:8.8.8.8]',
  '[64:ff9b::8.8.8.8]',
  'shop.example',
  'shop.example.',
];

const urlOf = (host: string) => `https://${host}:8443/cb?x=1`;

describe('every spelling of a non-public address is refused', () => {
  it.each(REFUSED_HOSTS)('%s: refused as callback_url, as both express URLs, and at delivery', async (host) => {
    const url = urlOf(host);
    expect(() => assertCallbackUrlAllowed(strict, PROD, url)).toThrow(
      expect.objectContaining({ code: 'INVALID_CALLBACK_URL' }),
    );
    expect(() => assertExpressUrlsAllowed(strict, PROD, { shipping_address_callback_url: url })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CALLBACK_URL',
        errors: [expect.objectContaining({ path: 'express.shipping_address_callback_url' })],
      }),
    );
    expect(() => assertExpressUrlsAllowed(strict, PROD, { discount_codes: { callback_url: url } })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CALLBACK_URL',
        errors: [expect.objectContaining({ path: 'express.discount_codes.callback_url' })],
      }),
    );
    // at delivery the literal is refused before any lookup (a lookup that would approve it changes nothing)
    expect(deliveryTarget(url, { allowPrivate: false, lookup: resolvesTo('8.8.8.8') })).toMatchObject({ ok: false });
    expect(await checkDeliveryUrl(url, { allowPrivate: false, lookup: resolvesTo('8.8.8.8') })).toMatchObject({
      ok: false,
    });
  });

  it.each(REFUSED_HOSTS)(
    '%s: a valid URL, allowed when KASSA_ALLOW_PRIVATE_CALLBACKS allows private addresses',
    (host) => {
      const open = { env: envWith('true') };
      expect(() => assertCallbackUrlAllowed(open, PROD, urlOf(host))).not.toThrow();
      expect(deliveryTarget(urlOf(host), { allowPrivate: true })).toMatchObject({ ok: true });
    },
  );

  it.each(ALLOWED_HOSTS)('%s: a public address passes in every spelling', async (host) => {
    expect(() => assertCallbackUrlAllowed(strict, PROD, urlOf(host))).not.toThrow();
    expect(() =>
      assertExpressUrlsAllowed(strict, PROD, {
        shipping_address_callback_url: urlOf(host),
        discount_codes: { callback_url: urlOf(host) },
      }),
    ).not.toThrow();
    expect(
      await checkDeliveryUrl(urlOf(host), { allowPrivate: false, lookup: resolvesTo('93.184.216.34') }),
    ).toMatchObject({ ok: true });
  });
});

describe('host names: every resolved address is checked', () => {
  const RESOLVED_PRIVATE = [
    '127.0.0.1',
    '10.0.0.5',
    '100.64.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:0:a00:1',
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '127.1', // not a canonical address at all: refused
    '',
  ];

  it.each(RESOLVED_PRIVATE)('a name resolving to %s (alone, or after a public address) is refused', async (address) => {
    for (const set of [[address], ['93.184.216.34', address], ['2606:4700::1111', address]]) {
      const r = await checkDeliveryUrl('https://rebind.shop.example/cb', {
        allowPrivate: false,
        lookup: resolvesTo(...set),
      });
      expect(r, set.join(' ')).toMatchObject({ ok: false });
    }
  });

  it('a name resolving only to public addresses passes, and the lookup answers with exactly the checked addresses', async () => {
    const target = deliveryTarget('https://shop.example/cb', {
      allowPrivate: false,
      lookup: resolvesTo('93.184.216.34', '2606:4700::1111'),
    });
    if (!target.ok) throw new Error(target.reason);
    const all = await new Promise((resolve, reject) =>
      target.lookup('shop.example', { all: true }, (err: unknown, a: unknown) => (err ? reject(err) : resolve(a))),
    );
    expect(all).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    const one = await new Promise((resolve, reject) =>
      target.lookup('shop.example', { family: 6 }, (err: unknown, a: unknown, f: unknown) =>
        err ? reject(err) : resolve([a, f]),
      ),
    );
    expect(one).toEqual(['2606:4700::1111', 6]);
  });

  it('isPrivateAddress agrees with the list for the canonical forms', () => {
    for (const a of [
      '127.0.0.1',
      '100.64.0.0',
      '100.127.255.255',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      '2001:db8::1',
      '100::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      '100.63.255.255',
      '100.128.0.0',
      '::ffff:808:808',
      '::ffff:0:808:808',
      '64:ff9b::808:808',
      '2001:4860::1',
    ])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('only http(s) without credentials, for every account', () => {
  it('refuses other schemes and user:password@, even where private addresses are allowed', () => {
    const open = { env: envWith('true') };
    for (const url of [
      'ftp://shop.example/cb',
      'file:///etc/passwd',
      'gopher://shop.example/',
      'ws://shop.example/',
      'not a url',
    ]) {
      expect(() => assertOutboundUrlAllowed(open, PROD, url, 'url.callback_url'), url).toThrow(
        expect.objectContaining({ code: 'INVALID_CALLBACK_URL' }),
      );
      expect(deliveryTarget(url, { allowPrivate: true }).ok, url).toBe(false);
    }
    expect(() => assertOutboundUrlAllowed(open, PROD, 'https://user:pw@shop.example/cb', 'url.callback_url')).toThrow(
      expect.objectContaining({ code: 'INVALID_CALLBACK_URL' }),
    );
  });
});
