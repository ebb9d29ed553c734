import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../server/auth/tokens';

const actor = { accountId: 'T11111111', subject: 'client-1', scopes: ['checkout:sessions'] };
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens: the verified-token cache', () => {
  it('answers a cached token, and never for another token that shares its signature', async () => {
    const signer = createTokenSigner('s'.repeat(32));
    const token = await signer.sign(actor, 'http://kassa/v1/accounts/T11111111', 3600);
    expect(await signer.verify(token)).toEqual(actor);
    expect(await signer.verify(`${token}`)).toEqual(actor); // a cache hit, from another string

    // The same signature under another payload (a second account, more scopes): the cache is keyed
    // by the signature, but the whole token must match, and the signature does not verify.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${b64({ ...claims, aid: 'T22222222', scope: 'checkout:sessions admin' })}.${signature}`;
    expect(forged.slice(-43)).toBe(token.slice(-43));
    await expect(signer.verify(forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // and the genuine token is still answered afterwards
    expect(await signer.verify(token)).toEqual(actor);
  });

  it('refuses a token signed with another key even when its signature length matches', async () => {
    const mine = createTokenSigner('a'.repeat(32));
    const theirs = createTokenSigner('b'.repeat(32));
    const token = await theirs.sign(actor, 'http://kassa/v1/accounts/T11111111', 3600);
    await expect(mine.verify(token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('stops answering a cached token once it has expired', async () => {
    const signer = createTokenSigner('c'.repeat(32));
    const token = await signer.sign(actor, 'http://kassa/v1/accounts/T11111111', 1);
    expect(await signer.verify(token)).toEqual(actor);
    await new Promise((r) => setTimeout(r, 2100));
    await expect(signer.verify(token)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The access token has expired',
    });
  });
});
