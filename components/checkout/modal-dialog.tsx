'use client';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { leaveCheckout } from './cancel-checkout';
import { trapTab } from './trap-tab';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where Escape belongs to what has the focus (a text field, a list, a choice), not to the dialog. */
const FIELD =
  'input, select, textarea, [contenteditable]:not([contenteditable="false"]), [role=combobox], [role=listbox]';

/**
 * `ui=modal`: the checkout as a dialog. The close control, and Escape pressed anywhere but in a field,
 * go back to the shop without cancelling (ADR 039: the SDK is told SessionCancel, the session stays
 * open); cancelling is the "Cancel payment" button, which asks first. Tab and Shift+Tab stay inside
 * the dialog.
 */
export const ModalDialog = ({
  sid,
  session,
  title,
  toolbar,
  children,
}: {
  sid: string;
  session?: ViewSession;
  title: string;
  toolbar: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useI18n();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const close = () =>
    leaveCheckout(
      sid,
      session ? { returnUrl: session.url.return_url, merchantReference: session.order.merchant_reference } : undefined,
    );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // In a field, Escape is the field's (clearing it, closing its list): it never leaves the payment.
      if (e.defaultPrevented || (e.target instanceof Element && e.target.closest(FIELD))) return;
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    trapTab(e, items, ref.current);
  };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={id}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-lg rounded-2xl bg-white text-slate-900 shadow-xl ring-1 ring-slate-200 outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h1 id={id} className="min-w-0 flex-1 truncate text-base font-semibold">
          {title}
        </h1>
        {toolbar}
        <button
          type="button"
          onClick={close}
          aria-label={t('checkout.close')}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div className="p-4">{children}</div>
    </div>
  );
};
