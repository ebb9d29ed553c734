import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { firstParam } from '../../../../components/checkout/options';
import { resolveLanguage } from '../../../../components/i18n/languages';
import { MESSAGES } from '../../../../components/i18n/messages';
import { CustomerActionView } from '../../../../components/sandbox/customer-action-view';
import { loadCustomerAction } from '../../../../server/pages/load-customer-action';

type Params = Promise<{ kind: string; transactionId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Sandbox · Kassa', robots: { index: false } };

/** The language of the checkout the customer came from (its `language` travels in `back`). */
const languageOf = (back: string | undefined) => {
  try {
    return resolveLanguage(back ? new URL(back, 'http://x.invalid').searchParams.get('language') : undefined);
  } catch {
    return resolveLanguage(undefined);
  }
};

/**
 * The sandbox's simulated bank (3-D Secure challenge) and wallet pages: the customer completes or
 * fails, approves or rejects, with a plain form (no JavaScript needed), and goes back to the checkout.
 */
export default async function CustomerActionPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { kind, transactionId } = await params;
  if (kind !== '3ds' && kind !== 'wallet') notFound();
  const action = await loadCustomerAction(transactionId, kind);
  if (!action) notFound();
  const back = firstParam(await searchParams, 'back');
  const language = languageOf(back);
  return (
    <CustomerActionView
      action={action}
      transactionId={transactionId}
      back={back}
      language={language}
      messages={MESSAGES[language].sandbox}
    />
  );
}
