import { Panel } from '../ui/panel';
import { StatusIcon } from '../ui/status-icon';
import { returnLinkFor } from './return-link';
import type { SessionUnavailableBody, UnavailableCause } from '../../domain/view-types';

const REASONS: Record<UnavailableCause, string> = {
  AUTHORIZED: 'This order has already been paid.',
  ON_HOLD: 'This order has already been paid and is being reviewed.',
  CANCELLED: 'This payment was cancelled.',
  EXPIRED: 'This payment has expired.',
  PAYMENT_INITIATED: 'A payment for this order is already in progress.',
};

/** The session cannot be paid (paid, cancelled, expired or unknown): say why and offer the way back. */
export const SessionUnavailable = ({ body }: { body: SessionUnavailableBody }) => {
  const reason = body.cause ? REASONS[body.cause] : 'We could not find this payment. The link may be wrong or out of date.';
  const href = returnLinkFor(body);
  const paid = body.cause === 'AUTHORIZED' || body.cause === 'ON_HOLD';
  return (
    <Panel className="text-center">
      <StatusIcon ok={paid} />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">This payment is no longer available</h1>
      <p data-testid="unavailable-reason" className="mt-2 text-slate-600">
        {reason}
      </p>
      {body.session_details?.merchant_reference ? <p className="mt-1 text-sm text-slate-500">Order reference {body.session_details.merchant_reference}</p> : null}
      {href ? (
        <a
          href={href}
          target="_top"
          className="mt-6 inline-block rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200"
        >
          Return to the shop
        </a>
      ) : null}
    </Panel>
  );
};
