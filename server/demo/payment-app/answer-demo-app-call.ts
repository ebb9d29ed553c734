import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nowIso } from '../../shared/clock';
import { HttpUrl } from '../../shared/schemas';
import { randomBase58 } from '../../shared/ids';
import { checkDemoSignature, type DemoRequest } from '../check-demo-signature';
import { authorizeRule, captureFails, captureIsPending, PENDING_SETTLES_AFTER_MS } from './demo-app-rules';
import { demoAppTable, findDemoAppRecord, keepDemoAppRecord, type DemoAppRecord } from './demo-app-store';

export interface DemoAppAnswer {
  status: number;
  body: unknown;
}

const Amount = z.number().int().min(0);
const Currency = z.string().regex(/^[A-Z]{3}$/);
const Authorize = z.object({
  transaction_id: z.string().min(1).max(255),
  amount: Amount,
  currency: Currency,
  return_url: HttpUrl.max(2000),
});
const Complete = z.object({ transaction_id: z.string().min(1).max(255) });
const Operation = z.object({ operation_id: z.string().min(1).max(255), amount: Amount, currency: Currency });
const Status = z.object({ operation_id: z.string().min(1).max(255) });

/** A payment still waiting on the app's page is declined: the page can no longer approve it. */
const declineAwaiting = (db: AppContext['database']['db'], transactionId: string) =>
  demoAppTable(db)
    .updateTable('demo_payment_app')
    .set({ result: 'declined' })
    .where('id', '=', transactionId)
    .where('result', '=', 'awaiting')
    .execute();

const pageUrl = (baseUrl: string, token: string) => `${baseUrl}/demo/payment-app/page/${token}`;

const authorizationAnswer = (r: DemoAppRecord, baseUrl: string) => {
  if (r.result === 'approved') return { result: 'approved', provider_reference: `demo_app_${r.id}` };
  if (r.result === 'awaiting')
    return { result: 'customer_action', url: pageUrl(baseUrl, r.page_token!), state: { page_token: r.page_token } };
  return {
    result: 'declined',
    code: 'declined_by_amount',
    message: 'The demo payment app declines amounts ending in 51',
    retryable: false,
  };
};

/** Only Kassa, for the demo merchant, may call the app: a valid `Kassa-Signature` whose query carries the body's SHA-256. */
const signedByKassa = async (ctx: AppContext, accountId: string, req: DemoRequest): Promise<boolean> => {
  const digest = createHash('sha256').update(req.body, 'utf8').digest('hex');
  if (new URL(req.url).searchParams.get('content_sha256') !== digest) return false;
  if ((await checkDemoSignature(ctx, accountId, req)) !== 'valid') return false;
  try {
    return (JSON.parse(req.body) as { account_id?: unknown }).account_id === accountId;
  } catch {
    return false;
  }
};

const answer = async (
  ctx: AppContext,
  accountId: string,
  method: string,
  body: unknown,
  baseUrl: string,
): Promise<DemoAppAnswer | undefined> => {
  const db = ctx.database.db;
  const now = nowIso();
  const base = { account_id: accountId, page_token: null, return_url: null, complete_after: null, created_at: now };
  if (method === 'authorize') {
    const a = Authorize.safeParse(body);
    if (!a.success) return undefined;
    const rule = authorizeRule(a.data.amount);
    const result = rule === 'approve' ? 'approved' : rule === 'decline' ? 'declined' : 'awaiting';
    const kept = await keepDemoAppRecord(db, {
      ...base,
      id: a.data.transaction_id,
      kind: 'authorize',
      amount: a.data.amount,
      currency: a.data.currency,
      result,
      ...(result === 'awaiting' ? { page_token: randomBase58(24), return_url: a.data.return_url } : {}),
    });
    return { status: 200, body: authorizationAnswer(kept, baseUrl) };
  }
  if (method === 'complete-customer-action') {
    const c = Complete.safeParse(body);
    if (!c.success) return undefined;
    // The shopper came back without deciding: declined, and the page can no longer approve it.
    await declineAwaiting(db, c.data.transaction_id);
    const r = await findDemoAppRecord(db, accountId, c.data.transaction_id);
    if (r?.result === 'approved')
      return { status: 200, body: { result: 'approved', provider_reference: `demo_app_${r.id}` } };
    const why = r?.page_token
      ? 'The shopper did not approve the payment'
      : 'The demo payment app does not know this payment';
    return {
      status: 200,
      body: {
        result: 'declined',
        code: r?.page_token ? 'rejected_by_shopper' : 'unknown_payment',
        message: why,
        retryable: true,
      },
    };
  }
  if (method === 'capture' || method === 'refund' || method === 'void') {
    const o = Operation.safeParse(body);
    if (!o.success) return undefined;
    const pending = method === 'capture' && captureIsPending(o.data.amount);
    const complete_after = pending ? new Date(Date.now() + PENDING_SETTLES_AFTER_MS).toISOString() : null;
    const kept = await keepDemoAppRecord(db, {
      ...base,
      id: o.data.operation_id,
      kind: method,
      amount: o.data.amount,
      currency: o.data.currency,
      result: pending ? 'pending' : 'done',
      complete_after,
    });
    return { status: 200, body: { result: kept.result === 'failed' ? 'pending' : kept.result } }; // its first answer (a failure is told by `status`)
  }
  if (method === 'status') {
    const s = Status.safeParse(body);
    if (!s.success) return undefined;
    const due = await findDemoAppRecord(db, accountId, s.data.operation_id);
    if (due?.result === 'pending' && due.complete_after && due.complete_after <= now) {
      const result = due.kind === 'capture' && captureFails(due.amount) ? 'failed' : 'done';
      await demoAppTable(db)
        .updateTable('demo_payment_app')
        .set({ result })
        .where('id', '=', due.id)
        .where('result', '=', 'pending')
        .execute();
    }
    const r = await findDemoAppRecord(db, accountId, s.data.operation_id);
    return { status: 200, body: { result: r && r.kind !== 'authorize' ? r.result : 'unknown' } };
  }
  if (method === 'authorization-status') {
    const c = Complete.safeParse(body);
    if (!c.success) return undefined;
    // Kassa asks once its page's deadline passed (or an answer was lost): a page still open can no longer approve
    await declineAwaiting(db, c.data.transaction_id);
    const r = await findDemoAppRecord(db, accountId, c.data.transaction_id);
    if (!r || r.kind !== 'authorize') return { status: 200, body: { result: 'unknown' } };
    if (r.result === 'declined' && r.page_token)
      return {
        status: 200,
        body: { result: 'declined', code: 'rejected_by_shopper', message: 'The shopper did not approve the payment' },
      };
    return { status: 200, body: authorizationAnswer(r, baseUrl) };
  }
  return { status: 404, body: { error: 'unknown method' } };
};

/**
 * The reference payment app's API (POST /demo/payment-app/<method>, docs/payment-app.md): verifies
 * Kassa's signature on every request (401 otherwise), then answers by the amount rules
 * (demo-app-rules.ts), the same answer again for a repeated transaction or operation id.
 */
export const answerDemoAppCall = async (
  ctx: AppContext,
  accountId: string,
  method: string,
  req: DemoRequest,
  baseUrl: string,
): Promise<DemoAppAnswer> => {
  if (!(await signedByKassa(ctx, accountId, req)))
    return { status: 401, body: { error: 'not signed by Kassa for the demo merchant' } };
  const answered = await answer(ctx, accountId, method, JSON.parse(req.body), baseUrl);
  return answered ?? { status: 400, body: { error: 'invalid request' } };
};
