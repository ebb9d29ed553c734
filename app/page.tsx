import type { Metadata } from 'next';
import { CheckoutApp } from '../components/checkout/checkout-app';
import { firstParam, parseCheckoutOptions } from '../components/checkout/options';
import { Landing } from '../components/landing';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Checkout · Kassa' };

/**
 * `/?sid=<session id>` is the hosted checkout (the web SDK loads exactly this,
 * adding sdk, ui, language and other view options); without `sid`, a landing page.
 */
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const sid = firstParam(query, 'sid');
  if (!sid) return <Landing />;
  const options = parseCheckoutOptions(query);
  const framed = options.ui !== 'fullscreen';
  return (
    <main className={framed ? 'px-1 py-2 sm:px-2' : 'min-h-screen bg-slate-50 px-4 py-8 sm:py-12'}>
      <CheckoutApp sid={sid} options={options} />
    </main>
  );
}
