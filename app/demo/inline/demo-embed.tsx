'use client';

import { embed, type DinteroCheckoutInstance } from '@dintero/checkout-web-sdk';
import { useEffect, useRef, useState } from 'react';

const toReturn = (params: Record<string, string | undefined>) => {
  const url = new URL('/demo/return', window.location.origin);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  window.location.assign(url.toString());
};

/**
 * The checkout embedded with @dintero/checkout-web-sdk (endpoint = this origin, which serves
 * Kassa). A payment or a cancel sends the shopper to /demo/return, like the redirect checkout.
 */
export function DemoEmbed({ sid }: { sid: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState('Loading the checkout…');
  useEffect(() => {
    let checkout: DinteroCheckoutInstance | undefined;
    let gone = false;
    void embed({
      container: container.current!,
      sid,
      endpoint: window.location.origin,
      language: 'en',
      onSession: (event) => setStatus(event.type === 'SessionUpdated' ? 'Checkout updated' : 'Checkout ready'),
      onPayment: (event) =>
        toReturn({ transaction_id: event.transaction_id, merchant_reference: event.merchant_reference }),
      onPaymentError: (event) => setStatus(`Payment failed: ${event.error}`),
      onSessionCancel: () => toReturn({ error: 'cancelled' }),
      onSessionNotFound: () => setStatus('This checkout is no longer available.'),
      onSessionLocked: () => setStatus('The store is updating your order…'),
    }).then((instance) => {
      if (gone) instance.destroy();
      else checkout = instance;
    });
    return () => {
      gone = true;
      checkout?.destroy();
    };
  }, [sid]);
  return (
    <>
      <p role="status" className="mb-3 text-sm text-slate-500">
        {status}
      </p>
      <div
        ref={container}
        data-testid="checkout-container"
        className="rounded-2xl border border-slate-200 bg-white p-1"
      />
    </>
  );
}
