import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { firstParam } from '../../components/checkout/options';
import { EmbeddedHeight } from '../../components/embedded-height';
import { resolveLanguage } from '../../components/i18n/languages';
import { MESSAGES } from '../../components/i18n/messages';
import { ResultCard } from '../../components/result-card';
import { loadEmbedInfo } from '../../server/pages/load-embed-policy';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const generateMetadata = async ({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> => ({
  title: `${MESSAGES[resolveLanguage(firstParam(await searchParams, 'language'))].embed.title} · Kassa`,
});

const ERRORS = { cancelled: 'error_cancelled', authorization: 'error_authorization', failed: 'error_failed' } as const;

/**
 * After a final event the web SDK points its iframe here
 * (`/embedResult/?sid=&merchant_reference=&transaction_id=&error=&language=`).
 */
export default async function EmbedResult({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const { embed } = MESSAGES[resolveLanguage(firstParam(query, 'language'))];
  const sid = firstParam(query, 'sid');
  const error = firstParam(query, 'error');
  const transactionId = firstParam(query, 'transaction_id');
  const ok = !error && Boolean(transactionId);
  const embedInfo = sid ? await loadEmbedInfo(sid, await headers()) : undefined;
  const message = ok
    ? embed.approved_message
    : error
      ? Object.hasOwn(ERRORS, error)
        ? embed[ERRORS[error as keyof typeof ERRORS]]
        : embed.error_other.replace('{error}', error)
      : embed.no_payment;
  return (
    <main className="px-1 py-2 sm:px-2">
      {sid && embedInfo ? <EmbeddedHeight sid={sid} embed={embedInfo} /> : null}
      <div className="mx-auto w-full max-w-lg">
        <ResultCard
          ok={ok}
          title={ok ? embed.approved : embed.not_completed}
          message={message}
          details={[
            [embed.reference, firstParam(query, 'merchant_reference')],
            [embed.transaction, transactionId],
          ]}
        />
      </div>
    </main>
  );
}
