'use client';
import { isEmbedded, postToParent } from './sdk-messages';

/**
 * "Cancel": a form POST to the abandon operation (302 back to the shop with error=cancelled). Inside
 * the SDK's iframe the SDK is told instead (SessionCancel with that href), as it decides where to go.
 */
export const CancelCheckout = ({ sid, returnUrl, merchantReference }: { sid: string; returnUrl: string; merchantReference: string }) => {
  const action = `/v1/view/${encodeURIComponent(sid)}/session/abandon`;
  const onClick = async (e: React.MouseEvent) => {
    if (!isEmbedded()) return;
    e.preventDefault();
    const res = await fetch(action, { method: 'POST', redirect: 'manual' }).catch(() => undefined);
    const href = new URL(returnUrl);
    href.searchParams.set('merchant_reference', merchantReference);
    href.searchParams.set('error', 'cancelled');
    if (res) postToParent(sid, 'SessionCancel', { href: href.toString(), error: 'cancelled', merchant_reference: merchantReference });
  };
  return (
    <form method="post" action={action} className="text-center">
      <button
        type="submit"
        onClick={(e) => void onClick(e)}
        className="text-sm font-medium text-slate-600 underline hover:text-slate-900 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-100"
      >
        Cancel
      </button>
    </form>
  );
};
