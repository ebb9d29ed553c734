import type { Metadata } from 'next';
import { Panel } from '../../components/ui/panel';

export const metadata: Metadata = { title: 'Demo shop · Kassa' };

const ITEMS: [string, string][] = [
  ['Kassa coffee mug × 2', '198.00 NOK'],
  ['Coffee beans, 500 g', '200.00 NOK'],
];

/**
 * The demo shop's basket. Showing it creates nothing: the button POSTs to /demo/start, which
 * creates the session and sends the browser to the checkout (a GET never creates a session).
 */
export default function DemoShop() {
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-lg">
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-wide text-slate-500">Kassa demo shop</p>
        <Panel>
          <h1 className="text-xl font-semibold text-slate-900">Your basket</h1>
          <dl className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
            {ITEMS.map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4 px-4 py-2">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-mono text-slate-800">{amount}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 px-4 py-2 font-semibold">
              <dt className="text-slate-900">Total</dt>
              <dd className="font-mono text-slate-900">398.00 NOK</dd>
            </div>
          </dl>
          <form method="post" action="/demo/start" className="mt-6 text-center">
            <button
              type="submit"
              className="inline-block rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200"
            >
              Pay with Kassa
            </button>
          </form>
          <p className="mt-4 text-center text-sm text-slate-500">
            Pay with card <span className="font-mono">4111 1111 1111 1111</span>, any future expiry date and any 3-digit security code.
          </p>
        </Panel>
      </div>
    </main>
  );
}
