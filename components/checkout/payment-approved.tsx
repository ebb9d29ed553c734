import { Panel } from '../ui/panel';
import { StatusIcon } from '../ui/status-icon';

/** After approval: the page is on its way back to the shop (or the SDK takes over). */
export const PaymentApproved = ({ merchantName, redirectUrl, embedded }: { merchantName: string; redirectUrl: string; embedded: boolean }) => (
  <Panel className="text-center">
    <div role="status">
      <StatusIcon ok />
      <h2 className="mt-4 text-xl font-semibold text-slate-900">Payment approved</h2>
      <p className="mt-2 text-slate-600">{embedded ? 'Thank you! Your payment is complete.' : `Taking you back to ${merchantName}…`}</p>
    </div>
    {embedded ? null : (
      <a href={redirectUrl} className="mt-4 inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
        Continue to {merchantName}
      </a>
    )}
  </Panel>
);
