'use client';
import { useI18n } from '../i18n/i18n-provider';
import { isEmbedded, postToParent } from './sdk-messages';

const abandonUrl = (sid: string) => `/v1/view/${encodeURIComponent(sid)}/session/abandon`;

/**
 * Cancels the payment: the abandon operation marks the session CANCELLED. Inside the SDK's iframe
 * the SDK is told (SessionCancel with the shop's return URL and `error=cancelled`) and decides where
 * to go; a top-level page follows the operation's redirect back to the shop.
 */
export const cancelCheckout = async (
  sid: string,
  target: { returnUrl: string; merchantReference: string } | undefined,
): Promise<void> => {
  if (!isEmbedded()) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = abandonUrl(sid);
    document.body.append(form);
    form.submit();
    return;
  }
  await fetch(abandonUrl(sid), { method: 'POST', redirect: 'manual' }).catch(() => undefined);
  if (!target) return postToParent(sid, 'SessionCancel', { error: 'cancelled' });
  const href = new URL(target.returnUrl);
  href.searchParams.set('merchant_reference', target.merchantReference);
  href.searchParams.set('error', 'cancelled');
  postToParent(sid, 'SessionCancel', {
    href: href.toString(),
    error: 'cancelled',
    merchant_reference: target.merchantReference,
  });
};

/** "Cancel payment": a form POST to the abandon operation, so it works before any script runs. */
export const CancelCheckout = ({
  sid,
  returnUrl,
  merchantReference,
}: {
  sid: string;
  returnUrl: string;
  merchantReference: string;
}) => {
  const { t } = useI18n();
  const onClick = (e: React.MouseEvent) => {
    if (!isEmbedded()) return;
    e.preventDefault();
    void cancelCheckout(sid, { returnUrl, merchantReference });
  };
  return (
    <form method="post" action={abandonUrl(sid)} className="text-center">
      <button
        type="submit"
        onClick={onClick}
        className="rounded text-sm font-medium text-slate-700 underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-slate-300 dark:hover:text-white"
      >
        {t('checkout.cancel')}
      </button>
    </form>
  );
};
