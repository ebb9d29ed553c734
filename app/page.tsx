import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { CheckoutApp } from '../components/checkout/checkout-app';
import { firstParam, parseCheckoutOptions } from '../components/checkout/options';
import { MESSAGES } from '../components/i18n/messages';
import { Landing } from '../components/landing';
import { loadCheckoutPage } from '../server/pages/load-checkout-page';
import { CHOICE_COOKIE, readPaymentChoice } from '../server/pages/payment-choice';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const generateMetadata = async ({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> => {
  const { language } = parseCheckoutOptions(await searchParams);
  return { title: `${MESSAGES[language].checkout.title} · Kassa` };
};

/**
 * `/?sid=<session id>` is the hosted checkout (the web SDK loads exactly this, adding sdk, ui,
 * language and other view options); without `sid`, a landing page. The session is read and
 * rendered on the server, so the first paint already shows the order and the payment form.
 */
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const sid = firstParam(query, 'sid');
  if (!sid) return <Landing />;
  const country = (await headers()).get('viewer-country');
  const options = { ...parseCheckoutOptions(query), ...(country && /^[A-Za-z]{2}$/.test(country) ? { viewerCountry: country.toUpperCase() } : {}) };
  const [data, choice] = await Promise.all([loadCheckoutPage(sid, options.viewerCountry), readPaymentChoice((await cookies()).get(CHOICE_COOKIE)?.value, sid)]);
  return <CheckoutApp sid={sid} options={options} initial={data} savedChoice={choice} messages={MESSAGES[options.language]} />;
}
