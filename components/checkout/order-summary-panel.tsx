'use client';
import { useId, useState } from 'react';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { OrderSummary } from './order-summary';

/**
 * The order: beside the payment on wide full pages; elsewhere folded behind a button that shows the
 * total, so the payment form stays in view on a phone.
 */
export const OrderSummaryPanel = ({
  session,
  hideItems,
  sideBySide,
}: {
  session: ViewSession;
  hideItems: boolean;
  sideBySide: boolean;
}) => {
  const { t, money } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { order } = session;
  const wide = sideBySide ? 'lg:block' : '';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm lg:sticky lg:top-4 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2
        id={`${id}-heading`}
        className={sideBySide ? 'hidden text-sm font-semibold text-slate-700 lg:block dark:text-slate-200' : 'sr-only'}
      >
        {t('summary.heading')}
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-content`}
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center justify-between gap-3 rounded text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] ${sideBySide ? 'lg:hidden' : ''}`}
      >
        <span className="flex items-center gap-1.5 font-medium text-[var(--kassa-brand)] dark:text-indigo-300">
          {open ? t('summary.hide') : t('summary.show')}
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
            fill="currentColor"
          >
            <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
          </svg>
        </span>
        <span className="text-base font-semibold tabular-nums">{money(session.amount_due, order.currency)}</span>
      </button>
      <div id={`${id}-content`} className={`${open ? 'block' : 'hidden'} ${wide} mt-3 lg:mt-2`}>
        <OrderSummary order={order} hideItems={hideItems} amountDue={session.amount_due} />
      </div>
    </section>
  );
};
