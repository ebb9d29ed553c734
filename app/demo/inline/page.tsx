import type { Metadata } from 'next';
import { firstParam } from '../../../components/checkout/options';
import { DemoHeader } from '../demo-header';
import { DemoEmbed } from './demo-embed';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Checkout · Demo store · Kassa' };

/** "Checkout on this page": the store embeds Kassa's checkout with the real browser SDK. */
export default async function DemoInline({ searchParams }: { searchParams: SearchParams }) {
  const sid = firstParam(await searchParams, 'sid');
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-6 sm:py-10">
      <div className="mx-auto w-full max-w-3xl">
        <DemoHeader current="checkout" />
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Checkout</h1>
        {sid ? <DemoEmbed sid={sid} /> : <p role="alert">No checkout session: start from the cart.</p>}
      </div>
    </main>
  );
}
