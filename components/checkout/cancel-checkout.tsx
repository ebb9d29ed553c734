'use client';
import { useRef, useState } from 'react';
import { buildReturnUrl } from '../../domain/return-url';
import { useI18n } from '../i18n/i18n-provider';
import { lazyPart } from './lazy-part';
import { isEmbedded, postToParent } from './sdk-messages';

const abandonUrl = (sid: string) => `/v1/view/${encodeURIComponent(sid)}/session/abandon`;

// The question loads when the shopper reaches for the button (ADR 018: not in the page's first load).
const CancelConfirm = lazyPart(() => import('./cancel-confirm').then((m) => m.CancelConfirm));

export interface ShopReturn {
  returnUrl: string;
  merchantReference: string;
}

/** What the SDK is told when the shopper leaves (SessionCancel): the shop's return URL with `error=cancelled`. */
export const sessionCancelPayload = (target: ShopReturn | undefined): Record<string, unknown> => {
  if (!target) return { error: 'cancelled' };
  try {
    return {
      href: buildReturnUrl(target.returnUrl, { merchant_reference: target.merchantReference, error: 'cancelled' }),
      error: 'cancelled',
      merchant_reference: target.merchantReference,
    };
  } catch {
    return { error: 'cancelled', merchant_reference: target.merchantReference };
  }
};

/**
 * Cancels the payment: the abandon operation marks the session CANCELLED. Inside the SDK's iframe
 * the SDK is told (SessionCancel with the shop's return URL and `error=cancelled`) and decides where
 * to go; a top-level page follows the operation's redirect back to the shop.
 */
export const cancelCheckout = async (sid: string, target: ShopReturn | undefined): Promise<void> => {
  if (!isEmbedded()) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = abandonUrl(sid);
    document.body.append(form);
    form.submit();
    return;
  }
  await fetch(abandonUrl(sid), { method: 'POST', redirect: 'manual' }).catch(() => undefined);
  postToParent(sid, 'SessionCancel', sessionCancelPayload(target));
};

/**
 * Back to the shop WITHOUT cancelling (ADR 039: the modal's close control, and Escape outside a field).
 * The SDK is told SessionCancel as before, so it closes the checkout and hands the shopper back to the
 * shop, but the abandon operation is not called: the session stays open, and coming back to it the
 * shopper can still pay. A top-level page goes to the same return URL.
 */
export const leaveCheckout = (sid: string, target: ShopReturn | undefined): void => {
  const payload = sessionCancelPayload(target);
  if (isEmbedded()) return postToParent(sid, 'SessionCancel', payload);
  if (typeof payload.href === 'string') window.location.assign(payload.href);
};

/**
 * "Cancel payment": asks first ("Cancel the payment to {shop}?", CancelConfirm), and only a "Yes"
 * calls the abandon operation. It is a form POST to that operation, so it works before any script
 * runs: without JavaScript there is no question (ADR 039: the POST cancels at once, as the only
 * control that can), while a click before the script has run is held and replayed once it runs
 * (pre-hydration.ts), so it asks.
 */
export const CancelCheckout = ({
  sid,
  merchantName,
  returnUrl,
  merchantReference,
}: ShopReturn & { sid: string; merchantName: string }) => {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  const onClick = (e: React.MouseEvent) => {
    e.preventDefault();
    setAsking(true);
  };
  const onAnswer = (cancel: boolean) => {
    setAsking(false);
    if (cancel) void cancelCheckout(sid, { returnUrl, merchantReference });
  };
  const preload = () => void CancelConfirm.preload().catch(() => undefined);
  return (
    <form method="post" action={abandonUrl(sid)} className="text-center">
      <button
        ref={button}
        type="submit"
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        className="rounded text-sm font-medium text-slate-700 underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-slate-300 dark:hover:text-white"
      >
        {t('checkout.cancel')}
      </button>
      {asking ? <CancelConfirm merchant={merchantName} opener={button} onAnswer={onAnswer} /> : null}
    </form>
  );
};
