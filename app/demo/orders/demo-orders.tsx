'use client';

import { useEffect, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import type { DemoOrderAction, DemoOrderView } from '../../../domain/demo-orders';
import { CallbackSwitch } from './callback-switch';

const nok = (amount: number) => formatMoney(amount, 'NOK');

const KIND: Record<DemoOrderView['callbacks'][number]['kind'], string> = {
  callback: 'Payment callback',
  shipping_address: 'Shipping address callback',
  discount_codes: 'Discount codes callback',
};
const ACTION_LABEL: Record<DemoOrderAction, string> = { capture: 'Capture', refund: 'Refund', void: 'Void' };

const field = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm';

/** The back office's login: the demo merchant's client id and secret (printed by `npm start`); the browser keeps only a sealed cookie. */
function DemoLogin() {
  return (
    <form
      method="post"
      action="/demo/api/login"
      aria-label="Merchant login"
      className="grid max-w-md gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p className="text-sm text-slate-600">
        The orders are the demo merchant&apos;s back office: log in with the client id and secret{' '}
        <span className="font-mono">npm start</span> printed when it made them.
      </p>
      <label className="text-sm font-medium text-slate-700">
        Client id
        <input name="client_id" defaultValue="demo-merchant" autoComplete="username" required className={field} />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Client secret
        <input name="client_secret" type="password" autoComplete="current-password" required className={field} />
      </label>
      <button
        type="submit"
        className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
      >
        Log in
      </button>
    </form>
  );
}

/** The store's orders, loaded from /demo/api/orders (401: the login form); each button POSTs to /demo/api/orders/{transaction}/{action}. */
export function DemoOrders() {
  const [orders, setOrders] = useState<DemoOrderView[] | undefined>();
  const [callbackStatus, setCallbackStatus] = useState<200 | 500>(200);
  const [state, setState] = useState<'loading' | 'login' | 'failed' | 'ready'>('loading');
  useEffect(() => {
    fetch('/demo/api/orders', { cache: 'no-store' })
      .then((r) =>
        r.status === 401
          ? undefined
          : r.ok
            ? (r.json() as Promise<{ orders: DemoOrderView[]; callback_status: 200 | 500 }>)
            : Promise.reject(new Error(String(r.status))),
      )
      .then((body) => {
        setOrders(body?.orders);
        if (body) setCallbackStatus(body.callback_status);
        setState(body ? 'ready' : 'login');
      })
      .catch(() => setState('failed'));
  }, []);
  if (state === 'login') return <DemoLogin />;
  if (state === 'failed') return <p role="alert">The orders could not be loaded.</p>;
  if (!orders) return <p role="status">Loading orders…</p>;
  const logout = (
    <>
      <form method="post" action="/demo/api/logout" className="mb-4">
        <button type="submit" className="text-sm font-medium text-indigo-700 hover:underline">
          Log out
        </button>
      </form>
      <CallbackSwitch status={callbackStatus} />
    </>
  );
  if (orders.length === 0)
    return (
      <>
        {logout}
        <p className="text-slate-600">No orders yet: check out from the shop first.</p>
      </>
    );
  return (
    <>
      {logout}
      <ul aria-label="Orders" className="grid gap-4">
        {orders.map((o) => (
          <li
            key={o.session_id}
            aria-label={`Order ${o.merchant_reference}`}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-mono text-sm font-semibold text-slate-900">{o.merchant_reference}</h2>
              <span className="text-xs text-slate-500">{new Date(o.created_at).toLocaleString('en-GB')}</span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-slate-500">Order amount</dt>
              <dd className="font-mono">{nok(o.amount)}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd data-testid="order-status">
                {o.transaction?.status ?? (o.session_status === 'CANCELLED' ? 'CANCELLED' : 'NOT PAID')}
              </dd>
              {o.transaction ? (
                <>
                  <dt className="text-slate-500">Transaction</dt>
                  <dd className="break-all font-mono text-xs">{o.transaction.id}</dd>
                  <dt className="text-slate-500">Captured / refunded</dt>
                  <dd className="font-mono">
                    {nok(o.transaction.captured_amount)} / {nok(o.transaction.refunded_amount)}
                  </dd>
                  {o.transaction.gift_cards?.map((g, i) => (
                    <div key={i} className="contents">
                      <dt className="text-slate-500">Gift card {g.masked_card_token ?? ''}</dt>
                      <dd className="font-mono">{nok(g.amount ?? 0)}</dd>
                    </div>
                  ))}
                </>
              ) : null}
            </dl>
            {o.transaction ? (
              <div className="mt-3 flex gap-2">
                {(['capture', 'refund', 'void'] as const).map((action) =>
                  o.can[action] ? (
                    <form
                      key={action}
                      method="post"
                      action={`/demo/api/orders/${encodeURIComponent(o.transaction!.id)}/${action}`}
                    >
                      <button
                        type="submit"
                        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                      >
                        {ACTION_LABEL[action]}
                      </button>
                    </form>
                  ) : null,
                )}
              </div>
            ) : null}
            <details className="mt-3 text-sm" open={o.callbacks.length > 0}>
              <summary className="cursor-pointer font-medium text-slate-700">
                Callbacks received ({o.callbacks.length})
              </summary>
              <ul aria-label="Callbacks received" className="mt-2 divide-y divide-slate-100">
                {o.callbacks.map((c, i) => (
                  <li key={i} className="grid gap-1 py-1.5 sm:grid-cols-[12rem_1fr_auto]">
                    <span className="font-medium text-slate-700">{KIND[c.kind]}</span>
                    <span className="text-slate-600">{c.summary}</span>
                    <span className="text-xs text-slate-500">
                      {c.method} · {c.status} · signature {c.signature}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}
