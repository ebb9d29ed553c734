'use client';

import { useSyncExternalStore } from 'react';
import { priceDemoCart, type DemoCartLine, type DemoProduct } from '../../domain/demo-catalog';
import { formatMoney, sumMinor } from '../../domain/money';

const nok = (amount: number) => formatMoney(amount, 'NOK');

const STORAGE_KEY = 'kassa-demo-cart';
const FIRST_CART: DemoCartLine[] = [
  { id: 'mug', quantity: 2 },
  { id: 'beans', quantity: 1 },
];

const parseCart = (raw: string | null): DemoCartLine[] => {
  try {
    const stored = JSON.parse(raw ?? 'null') as unknown;
    return Array.isArray(stored) ? (stored as DemoCartLine[]) : FIRST_CART;
  } catch {
    return FIRST_CART;
  }
};

/** The cart lives in localStorage (survives reloads, shared by tabs); the server renders the first cart. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
const storedCart = () => window.localStorage.getItem(STORAGE_KEY);
const saveCart = (cart: DemoCartLine[]) => {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  for (const l of listeners) l();
};

const button =
  'rounded-xl px-4 py-2.5 font-semibold focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200 disabled:opacity-50';

/** Product list and cart (kept in localStorage); the checkout buttons POST the cart to /demo/start. */
export function DemoCart({ products }: { products: DemoProduct[] }) {
  const cart = parseCart(useSyncExternalStore(subscribe, storedCart, () => null));
  const change = (id: string, delta: number) => {
    const current = cart.find((l) => l.id === id)?.quantity ?? 0;
    const quantity = Math.max(0, Math.min(20, current + delta));
    const others = cart.filter((l) => l.id !== id);
    saveCart(quantity ? [...others, { id, quantity }] : others);
  };
  const lines = priceDemoCart(cart);
  const total = sumMinor(lines.map((l) => l.amount));

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="products-heading">
        <h1 id="products-heading" className="mb-4 text-2xl font-semibold text-slate-900">
          Products
        </h1>
        <ul aria-label="Products" className="grid gap-4 sm:grid-cols-2">
          {products.map((p) => (
            <li
              key={p.id}
              className="flex flex-col justify-between rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div>
                <h2 className="font-semibold text-slate-900">{p.name}</h2>
                <p className="text-sm text-slate-500">{p.description}</p>
              </div>
              <div className="mt-3 flex items-center justify-between">
                <span className="font-mono text-slate-800">{nok(p.price)}</span>
                <button
                  type="button"
                  onClick={() => change(p.id, 1)}
                  aria-label={`Add ${p.name} to cart`}
                  className={`${button} bg-slate-900 text-sm text-white hover:bg-slate-700`}
                >
                  Add to cart
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="cart-heading"
        className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="cart-heading" className="text-xl font-semibold text-slate-900">
          Cart
        </h2>
        {lines.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">Your cart is empty.</p>
        ) : (
          <ul aria-label="Cart" className="mt-4 divide-y divide-slate-100 text-sm">
            {lines.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-2">
                <span className="text-slate-700">{l.description}</span>
                <span className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={() => change(l.id, -1)}
                    aria-label={`Remove one ${l.description}`}
                    className="h-7 w-7 rounded-lg border border-slate-300"
                  >
                    −
                  </button>
                  <span aria-label={`Quantity of ${l.description}`}>{l.quantity}</span>
                  <button
                    type="button"
                    onClick={() => change(l.id, 1)}
                    aria-label={`Add one ${l.description}`}
                    className="h-7 w-7 rounded-lg border border-slate-300"
                  >
                    +
                  </button>
                  <span className="w-28 text-right font-mono text-slate-800">{nok(l.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 font-semibold">
          <span>Total</span>
          <span className="font-mono" data-testid="cart-total">
            {nok(total)}
          </span>
        </p>
        <p className="mt-1 text-xs text-slate-500">Shipping and discounts are added in the checkout.</p>
        <form method="post" action="/demo/start" className="mt-5 grid gap-2">
          <input type="hidden" name="cart" value={JSON.stringify(cart)} />
          <button
            type="submit"
            name="mode"
            value="redirect"
            disabled={lines.length === 0}
            className={`${button} bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            Checkout
          </button>
          <button
            type="submit"
            name="mode"
            value="inline"
            disabled={lines.length === 0}
            className={`${button} border border-indigo-600 text-indigo-700 hover:bg-indigo-50`}
          >
            Checkout on this page
          </button>
        </form>
      </section>
    </div>
  );
}
