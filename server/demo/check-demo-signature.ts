import type { AppContext } from '../app-context';
import { verifySignatureHeader } from '../signature/sign-callback';
import { findSigningSecret } from '../signature/signature-secrets';
import type { SignatureCheck } from './demo-callbacks';

/** One request to a demo store endpoint, as its route handler read it. */
export interface DemoRequest {
  method: string;
  /** The URL as the store publishes it: its public origin (ADR 007) + the request's path and query. */
  url: string;
  signatureHeader: string | undefined;
  body: string;
}

/**
 * Verifies `Kassa-Signature` like any merchant would (README "callbacks"): HMAC-SHA256 with the
 * account's signing secret over t, account id, method, hostname, pathname and sorted query.
 * `unsigned` when the account has no secret (then nothing can be checked, and the store refuses).
 */
export const checkDemoSignature = async (
  ctx: AppContext,
  accountId: string,
  req: DemoRequest,
): Promise<SignatureCheck> => {
  const secret = await findSigningSecret(ctx.database.db, accountId);
  if (!secret) return 'unsigned';
  if (!req.signatureHeader) return 'missing';
  return verifySignatureHeader(req.signatureHeader, secret.secret, accountId, req.method, req.url)
    ? 'valid'
    : 'invalid';
};

/**
 * Only a valid signature is accepted: the demo account gets its signing secret before its first
 * session (create-demo-session.ts), so Kassa signs every call to the store (ADR 029).
 */
export const refused = (check: SignatureCheck): boolean => check !== 'valid';

export const clip = (s: string, max = 2000): string => (s.length > max ? `${s.slice(0, max)}…` : s);
