import type { Metadata } from 'next';
import { DEMO_PRODUCTS } from '../../domain/demo-catalog';
import { DemoCart } from './demo-cart';
import { DemoHeader } from './demo-header';

export const metadata: Metadata = { title: 'Demo store · Kassa' };

/**
 * The demo store: products, a cart kept in the browser (localStorage) and two checkout buttons.
 * Showing it creates nothing: the buttons POST the cart to /demo/start, which creates the express
 * session (a GET never creates a session).
 */
export default function DemoStore() {
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-6 sm:py-10">
      <div className="mx-auto w-full max-w-5xl">
        <DemoHeader current="shop" />
        <DemoCart products={[...DEMO_PRODUCTS]} />
        <section
          aria-labelledby="try-it"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600"
        >
          <h2 id="try-it" className="font-semibold text-slate-900">
            Things to try
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              Shipping depends on the address: Norwegian postal codes get home delivery priced by region, two pick-up
              points and express; SE, DK and FI get Nordic delivery; the store cannot ship to <strong>US</strong>.
              Postal code <span className="font-mono">9999</span> makes the shipping service fail once (press &quot;Try
              again&quot;).
            </li>
            <li>
              Discount codes <span className="font-mono">SAVE10</span> (10 % off every item) and{' '}
              <span className="font-mono">FREESHIP</span> (free shipping).
            </li>
            <li>
              Sandbox gift cards pay part of the order (see the README); card{' '}
              <span className="font-mono">4111 1111 1111 1111</span>, any future expiry and CVC{' '}
              <span className="font-mono">123</span> pays the rest.
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}
