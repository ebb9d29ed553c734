import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '../errors/app-error';
import type { Actor } from './scopes';

const ISSUER = 'kassa';

export interface TokenSigner {
  sign(actor: Actor, audience: string, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<Actor>;
}

interface CachedActor {
  token: string;
  actor: Actor;
  expiresAtMs: number;
}

/** HS256 JWTs carrying the account id and scopes. Verified tokens are cached until they expire. */
export const createTokenSigner = (secret: string): TokenSigner => {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  // Keyed by the signature (the token's last 43 characters): a request's token is a new string each
  // time and hashing it whole for the lookup cost more than the rest of the hit; the whole token is compared.
  const cache = new Map<string, CachedActor>();
  const MAX_CACHE = 10_000;
  const keyOf = (token: string) => token.slice(-43);

  return {
    async sign(actor, audience, ttlSeconds) {
      return new SignJWT({ aid: actor.accountId, scope: actor.scopes.join(' ') })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(actor.subject)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const hit = cache.get(keyOf(token));
      if (hit && hit.token === token && hit.expiresAtMs > Date.now()) return hit.actor;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.aid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
          throw new AppError('UNAUTHORIZED', 'The access token is not valid');
        }
        const actor: Actor = {
          accountId: payload.aid,
          subject: payload.sub,
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        };
        if (cache.size >= MAX_CACHE) cache.clear();
        cache.set(keyOf(token), { token, actor, expiresAtMs: payload.exp * 1000 });
        return actor;
      } catch (e) {
        if (e instanceof AppError) throw e;
        const expired = e instanceof joseErrors.JWTExpired;
        throw new AppError('UNAUTHORIZED', expired ? 'The access token has expired' : 'The access token is not valid');
      }
    },
  };
};
