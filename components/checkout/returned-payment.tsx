'use client';
import { useEffect, useSyncExternalStore } from 'react';
import type { SessionUnavailableBody } from '../../domain/view-types';
import { returnLinkFor } from './return-link';
import { PaymentApproved } from './payment-approved';
import { isEmbedded, postToParent } from './sdk-messages';

const noSubscription = () => () => undefined;

/**
 * Back from a payment page (3-D Secure, wallet) with the session paid by that very attempt: finish
 * as an approval on the page would (tell the SDK, or go back to the shop).
 */
export const ReturnedPayment = ({
  sid,
  body,
  merchantName,
}: {
  sid: string;
  body: SessionUnavailableBody;
  merchantName: string;
}) => {
  const embedded = useSyncExternalStore(noSubscription, isEmbedded, () => false);
  const href = returnLinkFor(body) ?? '/';
  const onHold = body.cause === 'ON_HOLD';
  useEffect(() => {
    const details = body.session_details;
    if (!details) return;
    if (isEmbedded())
      postToParent(sid, onHold ? 'SessionPaymentOnHold' : 'SessionPaymentAuthorized', {
        transaction_id: details.transaction_id,
        merchant_reference: details.merchant_reference,
        href,
      });
    else window.location.assign(href);
  }, [sid, body, href, onHold]);
  return <PaymentApproved merchantName={merchantName} redirectUrl={href} embedded={embedded} onHold={onHold} />;
};
