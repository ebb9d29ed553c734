import { money } from './payment-money';
import type { Transaction, TransactionEvent } from './payment-types';
import { when } from './payments-lists';
import { Panel } from './transaction-details';

const NAMES: Record<string, string> = {
  INITIALIZE: 'Payment started',
  AUTHORIZE: 'Authorized',
  CAPTURE: 'Captured',
  REFUND: 'Refunded',
  VOID: 'Voided',
  INITIATE_CAPTURE: 'Capture sent to the provider',
  INITIATE_REFUND: 'Refund sent to the provider',
  INITIATE_VOID: 'Void sent to the provider',
};

const FAILED: Record<string, string> = {
  CAPTURE: 'Capture failed',
  REFUND: 'Refund failed',
  VOID: 'Void failed',
  AUTHORIZE: 'Authorization failed',
};

const title = (e: TransactionEvent) =>
  e.success ? (NAMES[e.event] ?? e.event) : (FAILED[e.event] ?? `${NAMES[e.event] ?? e.event} failed`);

/** The transaction's events, oldest first: what happened, how much, when, who, and an error's message. */
export function EventsTimeline({ transaction: t }: { transaction: Transaction }) {
  return (
    <Panel id="events" title="Events">
      <ol aria-label="Events" className="relative grid gap-4 border-l-2 border-slate-200 pl-5">
        {t.events.map((e) => (
          <li key={e.id} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.65rem] h-3 w-3 rounded-full border-2 border-white ${e.success ? 'bg-emerald-600' : 'bg-red-600'}`}
            />
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{title(e)}</span>
              {typeof e.amount === 'number' ? <span className="font-mono">{money(e.amount, t.currency)}</span> : null}
              <span className="text-xs text-slate-600">{e.event}</span>
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={e.created_at}>{when(e.created_at)}</time>
              {e.created_by ? <span className="break-all"> · by {e.created_by}</span> : null}
              <span> · {e.success ? 'success' : 'error'}</span>
            </p>
            {e.error ? (
              <p className="mt-1 text-sm text-red-800">
                {e.error.message} <span className="text-xs">({e.error.code})</span>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
