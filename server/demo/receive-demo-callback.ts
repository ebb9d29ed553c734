import type { AppContext } from '../app-context';
import { checkDemoSignature, clip, refused, type DemoRequest } from './check-demo-signature';
import { demoCallbackAnswer } from './demo-callback-answer';
import { recordDemoCallback } from './demo-callbacks';

export interface DemoAnswer {
  status: number;
  body: unknown;
}

const transactionStatus = (body: string): string | undefined => {
  try {
    const parsed = JSON.parse(body) as { status?: unknown };
    return typeof parsed?.status === 'string' ? parsed.status : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The store's `url.callback_url`: checks the signature, records the callback (kept for
 * /demo/orders) and answers 200, or 401 when the account has a secret and the signature is
 * missing or wrong (recorded too, so the refusal is visible). With the back office's "Answer
 * callbacks with 500" on, a correctly signed callback is answered (and recorded as) 500, so Kassa
 * retries it and the console shows it failing until it is replayed.
 */
export const receiveDemoCallback = async (
  ctx: AppContext,
  accountId: string,
  req: DemoRequest,
): Promise<DemoAnswer> => {
  const signature = await checkDemoSignature(ctx, accountId, req);
  const q = new URL(req.url).searchParams;
  const status = refused(signature) ? 401 : await demoCallbackAnswer(ctx.database.db, accountId);
  const txStatus = req.method === 'POST' ? transactionStatus(req.body) : undefined;
  const what = q.get('event') ?? (q.get('error') ? `error ${q.get('error')}` : 'payment authorized');
  await recordDemoCallback(ctx.database, {
    account_id: accountId,
    kind: 'callback',
    session_id: q.get('session_id') ?? q.get('sid'),
    transaction_id: q.get('transaction_id'),
    method: req.method,
    url: clip(req.url),
    signature,
    status,
    summary: clip(txStatus ? `${what} (transaction ${txStatus})` : what, 300),
  });
  if (status === 200) return { status, body: { received: true } };
  return { status, body: { error: status === 500 ? 'the demo store is set to answer 500' : `signature ${signature}` } };
};
