import { formatMoney } from '../../../domain/money';
import type { AppContext } from '../../app-context';
import { demoAppTable, type DemoAppRecord } from './demo-app-store';

/**
 * The reference payment app's own page (the customer action, docs/payment-app.md): the shopper
 * approves or rejects the payment, the app keeps the decision and sends them back to Kassa's return
 * URL; Kassa then asks the app what was decided (never the URL the shopper arrives with).
 */
export type PageDecision = 'approve' | 'reject';

const TOKEN = /^[1-9A-HJ-NP-Za-km-z]{24}$/;

const findByToken = async (ctx: AppContext, accountId: string, token: string): Promise<DemoAppRecord | undefined> =>
  TOKEN.test(token)
    ? demoAppTable(ctx.database.db)
        .selectFrom('demo_payment_app')
        .selectAll()
        .where('page_token', '=', token)
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;

const html = (status: number, body: string): Response =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Demo payment app</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`,
    {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        'referrer-policy': 'no-referrer',
      },
    },
  );

const button = (value: PageDecision, label: string) =>
  `<button name="decision" value="${value}" style="font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem">${label}</button>`;

export const showDemoAppPage = async (ctx: AppContext, accountId: string, token: string): Promise<Response> => {
  const r = await findByToken(ctx, accountId, token);
  if (!r) return html(404, '<h1>Unknown payment</h1>');
  if (r.result !== 'awaiting')
    return html(
      200,
      `<h1>Already ${r.result}</h1><p><a href="${encodeURI(r.return_url ?? '/')}">Back to the shop</a></p>`,
    );
  return html(
    200,
    `<h1>Demo payment app</h1><p>Approve the payment of <strong>${formatMoney(r.amount, r.currency)}</strong>?</p>` +
      `<form method="post">${button('approve', 'Approve')}${button('reject', 'Reject')}</form>` +
      '<p style="color:#666">This page stands for a bank or wallet of your own: Kassa asks the app what you decided.</p>',
  );
};

/** Keeps the shopper's decision (once) and sends them back to Kassa: 303 to the return URL Kassa gave. */
export const decideDemoAppPage = async (
  ctx: AppContext,
  accountId: string,
  token: string,
  decision: string,
): Promise<Response> => {
  const r = await findByToken(ctx, accountId, token);
  if (!r?.return_url) return html(404, '<h1>Unknown payment</h1>');
  if (decision === 'approve' || decision === 'reject') {
    await demoAppTable(ctx.database.db)
      .updateTable('demo_payment_app')
      .set({ result: decision === 'approve' ? 'approved' : 'declined' })
      .where('id', '=', r.id)
      .where('result', '=', 'awaiting')
      .execute();
  }
  return new Response(null, { status: 303, headers: { location: r.return_url, 'cache-control': 'no-store' } });
};
